/// What a CEA-608 stream shows: the cues of each caption channel, and the decoder's report.
public struct CEA608Captions: Sendable, Equatable {
    /// The cues of each channel that showed anything, in time order.
    public var cues: [CEA608Channel: [Cue]]
    /// What the decoder met besides captions.
    public var report: CEA608DecodeReport

    /// Creates captions.
    public init(cues: [CEA608Channel: [Cue]] = [:], report: CEA608DecodeReport = CEA608DecodeReport()) {
        self.cues = cues
        self.report = report
    }

    /// The channels with at least one cue, CC1 first.
    public var channels: [CEA608Channel] { cues.keys.filter { !(cues[$0]?.isEmpty ?? true) }.sorted() }

    /// The cues of one channel (empty when it shows nothing).
    public func cues(for channel: CEA608Channel) -> [Cue] { cues[channel] ?? [] }
}
