import Conversion
/// The samples of a subtitle track and the sample description they need: what an encoder hands
/// to whoever writes the track (the remux engine, or a test's minimal MP4 writer).
public struct EncodedTextTrack<Description: Sendable & Equatable>: Sendable, Equatable {
    /// The sample description (the single `stsd` entry).
    public var description: Description
    /// The timescale of every start and duration.
    public var timescale: UInt32
    /// The samples, contiguous from time 0.
    public var samples: [TimedTextSample]
    /// What the cues had that the samples do not carry.
    public var losses: [ConversionLoss]

    /// Creates an encoded track.
    public init(description: Description, timescale: UInt32, samples: [TimedTextSample], losses: [ConversionLoss] = []) {
        self.description = description
        self.timescale = timescale
        self.samples = samples
        self.losses = losses
    }
}
