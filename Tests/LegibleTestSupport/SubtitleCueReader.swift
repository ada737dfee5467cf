import Foundation

/// A cue as a subtitle file spells it: start and end in milliseconds and the text lines.
public struct TimedCue: Sendable, Equatable, CustomStringConvertible {
    public var start: Int
    public var end: Int
    public var text: String

    public init(start: Int, end: Int, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }

    /// The text without markup tags: `<i>`, `</i>`, `<font face="…">`, `<c.yellow>`.
    public var plainText: String {
        text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }

    public var description: String { "\(start)–\(end) ms \(text.debugDescription)" }
}

/// Reads the cues of a SubRip or WebVTT file: a deliberately small reader, independent of
/// Legible's parsers, so what a tool exports can be compared with the input without going through
/// the code under test. Blocks without a `-->` line (the WebVTT header, NOTE, STYLE) are skipped;
/// cue settings after the end time are ignored; hours are optional (`00:01.250`).
public enum SubtitleCueReader {
    public static func cues(_ text: String) -> [TimedCue] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        return normalized.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
            guard let timing = lines.firstIndex(where: { $0.contains("-->") }) else { return nil }
            let times = lines[timing].components(separatedBy: "-->")
            let end = times[1].split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            return TimedCue(start: milliseconds(times[0]), end: milliseconds(end),
                            text: lines[(timing + 1)...].joined(separator: "\n"))
        }
    }

    /// The cues of a file.
    public static func cues(contentsOf url: URL) throws -> [TimedCue] {
        cues(try String(contentsOf: url, encoding: .utf8))
    }

    /// `HH:MM:SS,mmm`, `HH:MM:SS.mmm` or `MM:SS.mmm` in milliseconds; -1 when malformed.
    static func milliseconds(_ stamp: String) -> Int {
        let parts = stamp.trimmingCharacters(in: .whitespaces).split { $0 == ":" || $0 == "," || $0 == "." }.compactMap { Int($0) }
        switch parts.count {
        case 4: return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + parts[3]
        case 3: return (parts[0] * 60 + parts[1]) * 1000 + parts[2]
        default: return -1
        }
    }
}
