import TimedText

/// What a text track shows: its cues in media time, and for a `wvtt` track the WebVTT header
/// (STYLE and REGION blocks) its sample description carries.
public struct TextTrackContent: Sendable {
    /// The cues, one per non-empty sample, consecutive samples with the same text merged.
    public var cues: [Cue]
    /// The `wvtt` sample description's header; nil for other codecs.
    public var header: WebVTTHeader?
    /// What the samples say that cues cannot (`tx3g` highlighting, blinking, …).
    public var losses: [ConversionLoss]

    public init(cues: [Cue], header: WebVTTHeader? = nil, losses: [ConversionLoss] = []) {
        self.cues = cues
        self.header = header
        self.losses = losses
    }
}
