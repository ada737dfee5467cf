import ISOBMFF
import Movie
import TimedText

/// The sample format of a CMAF text track (ISO/IEC 23000-19 §11): WebVTT (`wvtt`, ISO/IEC
/// 14496-30 §7) or TTML (`stpp`, ISO/IEC 14496-30 §5, IMSC1 Text documents).
public enum CMAFTextFormat: String, Sendable, CaseIterable {
    /// WebVTT cues as `vttc`/`vtte` samples.
    case wvtt
    /// One IMSC1 Text document per segment.
    case stpp

    /// The handler: `text` for WebVTT (ISO/IEC 14496-30 §7.3), `subt` for TTML (§5.2, ISO/IEC
    /// 14496-12 §12.6).
    public var handlerType: FourCC {
        switch self {
        case .wvtt: "text"
        case .stpp: "subt"
        }
    }

    /// The media information header: `nmhd` for text media, `sthd` for subtitle media (ISO/IEC
    /// 14496-12 §12.5.2, §12.6.2).
    public var mediaInformationHeader: Box {
        switch self {
        case .wvtt: TrackBuilder.nullMediaHeader
        case .stpp: TrackBuilder.subtitleMediaHeader
        }
    }

    /// The RFC 6381 `codecs` string of the track: `wvtt`, or `stpp.ttml.im1t` for the IMSC1
    /// Text documents `TTMLSampleDescription` announces (DASH-IF IOP §6.4.4).
    public var codecs: String {
        switch self {
        case .wvtt: "wvtt"
        case .stpp: TTMLSampleDescription().codecsString
        }
    }
}
