import Conversion
import Movie
import TimedText

/// A subtitle track to add, from cues (parsed SubRip, WebVTT or TTML).
public struct SubtitleTrackRequest: Sendable {
    /// How the samples are coded.
    public enum Format: Sendable, Equatable {
        /// 3GPP timed text (`tx3g`), what Apple players show; handler `sbtl`.
        case tx3g
        /// WebVTT in ISO BMFF (`wvtt`, ISO/IEC 14496-30), handler `text`; the header keeps the
        /// source's STYLE and REGION blocks, the label goes to `vlab`.
        case webVTT(header: WebVTTHeader, sourceLabel: String?)
        /// TTML in ISO BMFF (`stpp`, ISO/IEC 14496-30): one IMSC1 Text document per sample,
        /// handler `subt`, media header `sthd` (ISO/IEC 14496-12 §12.6).
        case ttml
    }

    /// The cues, in any order; overlapping cues share samples.
    public var cues: [Cue]
    /// How the samples are coded.
    public var format: Format
    /// Language, name, group, default, characteristics and references of the new track.
    public var properties: TrackChanges
    /// A forced-only track: every sample is forced (tx3g display flags 0xC0000000), tagged
    /// `public.subtitles.forced-only`.
    public var isForcedOnly: Bool
    /// The full subtitle track whose forced-only twin this track is: that track gets a `forc`
    /// reference to this one, and this one joins its group.
    public var forcedTwinOf: FullTrackChoice?
    /// The sound track that gets a `folw` reference to this track.
    public var followedByAudio: AudioTrackChoice?
    /// What the subtitle document has beside its cues that the format cannot carry (a WebVTT
    /// file's STYLE blocks in a `tx3g` or `stpp` track), reported with the cues' own losses.
    public var documentLosses: [ConversionLoss] = []

    /// A track for `cues`; whatever is left out takes its default.
    public init(cues: [Cue], format: Format = .tx3g, properties: TrackChanges = TrackChanges(),
                isForcedOnly: Bool = false, forcedTwinOf: FullTrackChoice? = nil, followedByAudio: AudioTrackChoice? = nil) {
        self.cues = cues
        self.format = format
        self.properties = properties
        self.isForcedOnly = isForcedOnly
        self.forcedTwinOf = forcedTwinOf
        self.followedByAudio = followedByAudio
    }
}

/// Which sound track a reference starts from.
public enum AudioTrackChoice: Sendable, Hashable {
    /// The sound track whose language is the subtitle track's (the enabled one if several are).
    case automatic
    /// The sound track with this ID.
    case track(UInt32)
}
