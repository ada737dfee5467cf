/// The sample format of an added subtitle track, as a plan or a command line names it.
public enum SubtitleTrackFormat: String, Sendable, Hashable, Decodable, CaseIterable {
    /// 3GPP timed text, what Apple's players show.
    case tx3g
    /// WebVTT in MP4 (ISO/IEC 14496-30).
    case wvtt
}
