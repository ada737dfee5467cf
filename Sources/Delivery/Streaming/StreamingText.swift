/// How `legible package` carries subtitles and captions in DASH (HLS always has the segmented
/// WebVTT renditions `legible hls` writes).
public enum StreamingText: String, Sendable, CaseIterable {
    /// One WebVTT file per track on the movie timeline, named by a `BaseURL` (side-loaded).
    case webVTT = "webvtt"
    /// A CMAF WebVTT track per legible track (``CMAFTextTrack``): `wvtt` segments cut with the
    /// video's, in a SegmentTemplate as the media are.
    case wvtt
    /// A CMAF TTML track per legible track (``CMAFTextTrack``): `stpp` segments, one IMSC1 Text
    /// document each, cut with the video's, in a SegmentTemplate as the media are.
    case stpp

    /// The sample format of the CMAF text tracks, or nil for side-loaded WebVTT files.
    public var cmafFormat: CMAFTextFormat? {
        switch self {
        case .webVTT: nil
        case .wvtt: .wvtt
        case .stpp: .stpp
        }
    }
}
