import TimedText

/// The sample format of an added subtitle track, as a plan or a command line names it.
public enum SubtitleTrackFormat: String, Sendable, Hashable, Decodable, CaseIterable {
    /// 3GPP timed text, what Apple's players show.
    case tx3g
    /// WebVTT in MP4 (ISO/IEC 14496-30).
    case wvtt
    /// TTML (IMSC1 Text) in MP4 (ISO/IEC 14496-30), what DASH players show.
    case stpp

    /// What the format carries of the cue model.
    public var target: SubtitleTarget {
        switch self {
        case .tx3g: .tx3g
        case .wvtt: .webVTT
        case .stpp: .ttml
        }
    }

    /// The request's format; a WebVTT input's header goes into a `wvtt` track.
    func requestFormat(header: WebVTTHeader?) -> SubtitleTrackRequest.Format {
        switch self {
        case .tx3g: .tx3g
        case .wvtt: .webVTT(header: header ?? WebVTTHeader(), sourceLabel: nil)
        case .stpp: .ttml
        }
    }
}
