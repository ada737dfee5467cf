import Foundation

/// The shared real-world corpus and what its INDEX.md says of each file.
public struct CorpusEntry: Sendable, CustomStringConvertible {
    public var url: URL
    /// Local path relative to the corpus folder.
    public var name: String
    public var features: Set<String>

    public var isMalformed: Bool { features.contains("MALFORMED") || features.contains("fuzz-corpus") }
    /// A bare sample entry or sample, not a file.
    public var isRawPayload: Bool { features.contains("raw-tx3g-payload") }
    public var description: String { name }

    /// The ffprobe section of `_reports/`: status and streams as (codec_tag_string, language).
    public var ffprobeReport: (status: Int, streams: [(tag: String, language: String?, type: String)])? {
        let reportName = name.replacingOccurrences(of: "/", with: "__") + ".txt"
        let url = CorpusIndex.root.appendingPathComponent("_reports").appendingPathComponent(reportName)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var status = -1
        var streams: [(String, String?, String)] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                inSection = line.hasPrefix("### ffprobe")
                if inSection, let range = line.range(of: "rc=") {
                    status = Int(line[range.upperBound...].prefix { $0.isNumber }) ?? -1
                }
                continue
            }
            guard inSection, line.hasPrefix("stream|") else { continue }
            var fields: [String: String] = [:]
            for part in line.split(separator: "|") {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
            }
            streams.append((fields["codec_tag_string"] ?? "", fields["tag:language"], fields["codec_type"] ?? ""))
        }
        return (status, streams)
    }
}

public enum CorpusIndex {
    public static var root: URL { TestPaths.corpus }

    /// Every corpus file with its features; empty when the corpus is absent.
    public static let entries: [CorpusEntry] = {
        guard let index = try? String(contentsOf: root.appendingPathComponent("INDEX.md"), encoding: .utf8) else { return [] }
        var entries: [CorpusEntry] = []
        for line in index.split(separator: "\n") where line.hasPrefix("| `") {
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count > 5 else { continue }
            let name = columns[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let url = root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let features = Set(columns[5].split(separator: " ").map(String.init))
            entries.append(CorpusEntry(url: url, name: name, features: features))
        }
        return entries
    }()

    public static var isAvailable: Bool { !entries.isEmpty }
}
