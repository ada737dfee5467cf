import ISOBMFF

extension Movie {
    /// The movie's length as an exact time: `mvhd` duration over its timescale, else (no header,
    /// or a fragmented movie whose header says 0) the longest track.
    public var exactDuration: MediaTime? {
        if let header, header.duration > 0,
           let exact = MediaTime(units: Int64(clamping: header.duration), timescale: header.timescale) {
            return exact
        }
        guard let seconds = durationSeconds, seconds.isFinite, seconds > 0, seconds < 360_000_000 else { return nil }
        return MediaTime(microseconds: Int64((seconds * 1_000_000).rounded()))
    }
}
