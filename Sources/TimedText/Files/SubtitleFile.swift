import ISOBMFF

/// Reads a subtitle file (SubRip, WebVTT or TTML) into a ``SubtitleDocument``: the format from
/// the file name's extension (``SubtitleFormat/init(path:)``), else from the first bytes
/// (``SubtitleFormat/sniff(_:)``).
///
/// ```swift
/// let document = try SubtitleFile.read("english-sdh.srt")
/// for warning in document.warnings { print(warning) }   // what the parser tolerated
/// ```
public enum SubtitleFile {
    /// The document in the file at `path`. The file's size is checked against
    /// `limits.maxInputBytes` before a byte is read.
    public static func read(_ path: String, limits: SubtitleParseLimits = .standard) throws(SubtitleFileError) -> SubtitleDocument {
        let bytes = try contents(of: path, limits: limits, isSCC: false)
        do {
            return try (SubtitleFormat(path: path) ?? SubtitleFormat.sniff(bytes)).parser.parse(bytes: bytes, limits: limits)
        } catch {
            throw SubtitleFileError(path: path, reason: .malformed(error))
        }
    }

    /// The bytes of a subtitle or caption file, refused before reading when larger than the
    /// parse limit.
    static func contents(of path: String, limits: SubtitleParseLimits, isSCC: Bool) throws(SubtitleFileError) -> [UInt8] {
        do {
            return try SmallFile.read(path, limit: UInt64(max(0, limits.maxInputBytes)))
        } catch {
            switch error {
            case .unreadable(let reason): throw SubtitleFileError(path: path, reason: .unreadable(reason), isSCC: isSCC)
            case let .tooLarge(_, size, limit): throw SubtitleFileError(path: path, reason: .tooLarge(size: size, limit: limit), isSCC: isSCC)
            }
        }
    }
}
