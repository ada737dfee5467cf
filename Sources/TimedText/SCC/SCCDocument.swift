/// A Scenarist SCC file (`Scenarist_SCC V1.0`): CEA-608 field 1 byte pairs, each line a burst
/// sent from its timecode on, one pair per frame of 30000/1001 video.
public struct SCCDocument: Sendable, Equatable {
    /// The lines, timecodes strictly increasing.
    public var bursts: [CEA608Burst]
    /// Whether the timecodes are drop-frame (`;`), as the first line has it.
    public var isDropFrame: Bool

    /// Creates a document.
    public init(bursts: [CEA608Burst], isDropFrame: Bool = true) {
        self.bursts = bursts
        self.isDropFrame = isDropFrame
    }

    /// What the file shows: the cues of every channel it carries (CC1 and CC2) and the decoder's
    /// report.
    public func captions() -> CEA608Captions {
        CEA608Decoder.captions(field1: bursts, frameRate: .ntsc)
    }
}
