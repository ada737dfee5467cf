import ISOBMFF
/// The frame grid byte pairs are sent on: one pair per field per video frame (CTA-608-E §4), a
/// frame lasting `frameDuration` units of `timescale` per second.
public struct CEA608FrameRate: Sendable, Hashable, CustomStringConvertible {
    /// Units per second.
    public let timescale: UInt32
    /// Units per frame.
    public let frameDuration: UInt32

    /// Creates a grid; nil when either number is 0.
    public init?(timescale: UInt32, frameDuration: UInt32) {
        guard timescale > 0, frameDuration > 0 else { return nil }
        self.timescale = timescale
        self.frameDuration = frameDuration
    }

    private init(exactly timescale: UInt32, _ frameDuration: UInt32) {
        self.timescale = timescale
        self.frameDuration = frameDuration
    }

    /// NTSC video, 30000/1001 frames per second (29.97): the rate line 21 captions and SCC
    /// timecodes count in.
    public static let ntsc = CEA608FrameRate(exactly: 30000, 1001)

    /// When frame `frame` starts.
    public func time(ofFrame frame: Int64) -> SubtitleTime {
        let (units, overflow) = frame.multipliedReportingOverflow(by: Int64(frameDuration))
        return SubtitleTime(units: overflow ? .max : units, timescale: timescale) ?? .zero
    }

    /// The frame whose start is nearest to `time` (halves away from zero).
    public func frame(nearest time: SubtitleTime) -> Int64 {
        roundedMultiplyDivide(time.microseconds, Int64(timescale), 1_000_000 * Int64(frameDuration)) ?? 0
    }

    /// `29.97 fps (30000/1001)`.
    public var description: String {
        let rate = Double(timescale) / Double(frameDuration)
        return "\((rate * 100).rounded() / 100) fps (\(timescale)/\(frameDuration))"
    }
}
