import Foundation
import Testing

/// The corpus cannot give a test its arguments.
struct CorpusError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The shared real-world corpus and what its INDEX.md says of each file.
public struct CorpusEntry: Sendable, CustomStringConvertible {
    public var url: URL
    /// Local path relative to the corpus folder.
    public var name: String
    public var features: Set<String>
    /// INDEX.md's `tracks` column, written by the corpus's own box walker (not Legible):
    /// `1:vide/avc1 2:soun/mp4a/ag1`, or `-` when it found no track.
    public var indexedTracks: String
    /// INDEX.md's `ffprobe streams` column: `video:avc1(eng), audio:mp4a`, or `ffprobe rc=1`.
    public var indexedFFprobe: String

    public var isMalformed: Bool { features.contains("MALFORMED") || features.contains("fuzz-corpus") }
    /// A bare sample entry or sample, not a file.
    public var isRawPayload: Bool { features.contains("raw-tx3g-payload") }
    public var description: String { name }

    /// Files the index does not mark as malformed but whose tables their own test suite emptied
    /// to save space: mutagen's nero-chapters.m4b has 8-byte `stsz` boxes, with none of the
    /// fields ISO/IEC 14496-12 §8.7.3.2 requires.
    static let strippedTables: Set<String> = ["quodlibet_mutagen/tests__data__nero-chapters.m4b"]

    /// Whether every box a codec models decodes without error: not malformed, no stripped tables.
    public var boxesDecode: Bool { !isMalformed && !Self.strippedTables.contains(name) }

    /// Whether INDEX.md records that ffprobe refuses this file (`ffprobe rc=N`, N ≠ 0).
    public var ffprobeRefuses: Bool {
        indexedFFprobe.hasPrefix("ffprobe rc=") && indexedFFprobe != "ffprobe rc=0"
    }

    /// A track as the corpus's box walker saw it.
    public struct IndexedTrack: Sendable, Equatable, CustomStringConvertible {
        public var id: UInt32
        public var handler: String
        /// Sample entry types in `stsd` order; empty when `stsd` has none.
        public var sampleEntries: [String]
        public var alternateGroup: Int16
        public var description: String { "\(id):\(handler)/\(sampleEntries.joined(separator: ","))/ag\(alternateGroup)" }

        public init(id: UInt32, handler: String, sampleEntries: [String], alternateGroup: Int16) {
            self.id = id
            self.handler = handler
            self.sampleEntries = sampleEntries
            self.alternateGroup = alternateGroup
        }
    }

    /// The `tracks` column parsed; nil when the walker found none or recorded something it could
    /// not read (`None:None/-`).
    public var tracks: [IndexedTrack]? {
        guard indexedTracks != "-" else { return nil }
        var tracks: [IndexedTrack] = []
        // Handlers and sample entry types may contain spaces (`rtp `), so split on " <digits>:".
        let pattern = try! NSRegularExpression(pattern: #"(\d+):(.{4})/([^/]*?)(?:/ag(-?\d+))?(?= \d+:|$)"#)
        let text = indexedTracks as NSString
        for match in pattern.matches(in: indexedTracks, range: NSRange(location: 0, length: text.length)) {
            func group(_ index: Int) -> String? {
                match.range(at: index).location == NSNotFound ? nil : text.substring(with: match.range(at: index))
            }
            guard let id = group(1).flatMap(UInt32.init), let handler = group(2), let entries = group(3) else { return nil }
            tracks.append(IndexedTrack(id: id, handler: handler,
                                       sampleEntries: entries == "-" ? [] : entries.split(separator: ",").map(String.init),
                                       alternateGroup: group(4).flatMap(Int16.init) ?? 0))
        }
        return tracks.isEmpty ? nil : tracks
    }

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

/// The corpus at ``TestPaths/corpus``, read from its INDEX.md.
///
/// Tests over the corpus carry the ``CorpusRequirement`` trait (`.corpus`): when the corpus is
/// absent, or INDEX.md lists files that are not there, they skip with the reason, and under
/// `LEGIBLE_REQUIRE_INTEROP=1` fail with it.
public enum CorpusIndex {
    public static var root: URL { TestPaths.corpus }

    /// What INDEX.md lists, split into files that exist and names that do not.
    private static let listing: (entries: [CorpusEntry], missing: [String], unreadable: String?) = {
        let indexURL = root.appendingPathComponent("INDEX.md")
        let index: String
        do {
            index = try String(contentsOf: indexURL, encoding: .utf8)
        } catch {
            return ([], [], "the corpus index \(indexURL.path) cannot be read (\(error.localizedDescription)); "
                + "put the corpus at ../shared/corpus or set LEGIBLE_CORPUS")
        }
        var entries: [CorpusEntry] = []
        var missing: [String] = []
        for line in index.split(separator: "\n") where line.hasPrefix("| `") {
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count > 7 else { continue }
            let name = columns[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let url = root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                missing.append(name)
                continue
            }
            let features = Set(columns[5].split(separator: " ").map(String.init))
            entries.append(CorpusEntry(url: url, name: name, features: features, indexedTracks: columns[6], indexedFFprobe: columns[7]))
        }
        if entries.isEmpty && missing.isEmpty {
            return ([], [], "the corpus index \(indexURL.path) lists no files")
        }
        return (entries, missing, nil)
    }()

    /// Every corpus file that exists, with its features. Parameterised tests use
    /// ``arguments(_:)`` instead, so an empty corpus is never an empty, silently passing list.
    public static var entries: [CorpusEntry] { listing.entries }

    /// Test arguments: the entries that pass `filter`. When there are none because the corpus is
    /// absent, the test is cancelled with the reason, or fails under `LEGIBLE_REQUIRE_INTEROP=1`;
    /// when the corpus is there but nothing passes `filter`, it fails (the test and INDEX.md
    /// disagree). Use with the ``CorpusRequirement`` trait, which reports missing files.
    public static func arguments(_ filter: (CorpusEntry) -> Bool = { _ in true }) throws -> [CorpusEntry] {
        try requireSomeFile()
        let selected = entries.filter(filter)
        if selected.isEmpty { throw CorpusError(message: "no file in \(root.path)/INDEX.md has the features this test needs") }
        return selected
    }

    /// Returns when some corpus file is there. Otherwise cancels the current test with the reason
    /// (shown as a skip), or under `LEGIBLE_REQUIRE_INTEROP=1` throws it (a failure).
    static func requireSomeFile() throws {
        guard entries.isEmpty, let problem else { return }
        if ExternalTool.interopRequired { throw CorpusError(message: "LEGIBLE_REQUIRE_INTEROP=1: \(problem)") }
        try Test.cancel("skipped: \(problem) (LEGIBLE_REQUIRE_INTEROP=1 makes this a failure)")
    }

    /// Why the corpus tests cannot run in full, or nil when every file INDEX.md lists is there.
    public static var problem: String? {
        if let unreadable = listing.unreadable { return unreadable }
        guard !listing.missing.isEmpty else { return nil }
        return "\(listing.missing.count) file(s) listed in \(root.path)/INDEX.md are missing: "
            + listing.missing.prefix(10).joined(separator: ", ") + (listing.missing.count > 10 ? ", …" : "")
    }
}
