import Conversion
import Movie
import TimedText

/// What a text track shows: its cues in media time, and for a `wvtt` track the WebVTT header
/// (STYLE and REGION blocks) its sample description carries.
public struct TextTrackContent: Sendable {
    /// The cues, one per non-empty sample, consecutive samples with the same text merged; for a
    /// closed-caption track, the cues of ``channel``.
    public var cues: [Cue]
    /// The `wvtt` sample description's header; nil for other codecs.
    public var header: WebVTTHeader?
    /// What the samples say that cues cannot (`tx3g` highlighting, blinking, …).
    public var losses: [ConversionLoss]
    /// For a closed-caption track: the channel the cues are from.
    public var channel: CEA608Channel?
    /// For a closed-caption track: every channel's cues and what the decoder met.
    public var captions: CEA608Captions?

    /// Creates content.
    public init(cues: [Cue], header: WebVTTHeader? = nil, losses: [ConversionLoss] = [], channel: CEA608Channel? = nil,
                captions: CEA608Captions? = nil) {
        self.cues = cues
        self.header = header
        self.losses = losses
        self.channel = channel
        self.captions = captions
    }
}
