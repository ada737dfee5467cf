import ISOBMFF

/// A captions file as it was read: Scenarist SCC byte pairs, or cues from SubRip, WebVTT or
/// TTML. SCC is recognised by the `.scc` extension or its `Scenarist_SCC` header; anything else
/// is read by ``SubtitleFile``.
public enum CaptionFile: Sendable, Equatable {
    /// CEA-608 byte pairs at their timecodes, exactly as the file has them.
    case scc(SCCDocument)
    /// Cues of a subtitle file.
    case cues(SubtitleDocument)

    /// Reads the file at `path`, refused before reading when larger than `limits.maxInputBytes`.
    public static func read(_ path: String, limits: SubtitleParseLimits = .standard) throws(SubtitleFileError) -> CaptionFile {
        guard isSCC(path) else { return .cues(try SubtitleFile.read(path, limits: limits)) }
        let bytes = try SubtitleFile.contents(of: path, limits: limits, isSCC: true)
        do {
            return .scc(try SCCParser.parse(bytes: bytes, limits: limits))
        } catch {
            throw SubtitleFileError(path: path, reason: .malformedSCC(error), isSCC: true)
        }
    }

    /// Whether `path` names an SCC file: by its `.scc` extension, or (for another name) by its
    /// first line, `Scenarist_SCC` after an optional byte-order mark. Reads at most 16 bytes.
    public static func isSCC(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".scc") { return true }
        guard let source = try? FileByteSource(path: path),
              let bytes = try? source.read(at: 0, count: Int(min(source.size, 16))) else { return false }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3).prefix(13)) : Array(bytes.prefix(13))
        return start == Array("Scenarist_SCC".utf8)
    }
}
