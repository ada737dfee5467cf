/// The chapter list formats `add-chapters` reads.
public enum ChapterInputFormat: String, Sendable, CaseIterable {
    /// One chapter a line: `00:01:30.000 Title` (also `1:30`, `1:02:03`, `00:01:30,000`).
    case text
    /// FFmpeg's metadata file (`;FFMETADATA1`, `[CHAPTER]` sections), as `ffmpeg -f ffmetadata` writes it.
    case ffmetadata
    /// What `legible chapters --json` prints, or a bare array of `{"start", "title"}`.
    case json

    /// The format a file name's extension names: `.txt`, `.ffmeta`/`.ffmetadata`/`.meta`,
    /// `.json`; nil for others.
    public init?(path: String) {
        let lowered = path.lowercased()
        guard let dot = lowered.lastIndex(of: ".") else { return nil }
        switch lowered[lowered.index(after: dot)...] {
        case "txt", "text", "chapters": self = .text
        case "ffmeta", "ffmetadata", "meta", "metadata": self = .ffmetadata
        case "json": self = .json
        default: return nil
        }
    }
}
