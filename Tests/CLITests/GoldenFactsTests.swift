import Foundation
import LegibleTestSupport
import Testing

/// The golden files in `Golden/` were written by Legible itself, so comparing output with them
/// only proves that nothing changed. This suite checks the facts they hold against independent
/// readers — ffprobe, MediaInfo and ExifTool — so a golden file cannot enshrine a wrong value.
///
/// Per track: ID, codec, language and enabled flag (ffprobe: `id`, `codec_tag_string`,
/// `tags.language`, `disposition.default`, which FFmpeg's mov demuxer sets from the `tkhd`
/// enabled flag); alternate group and media duration (MediaInfo `AlternateGroup`,
/// `Source_Duration`, else `Duration`); sample count (ffprobe `nb_frames`, the `stsz` count);
/// handler and name (ExifTool `HandlerType` and `Track<n>Name`, from `mdia/hdlr` and `udta/name`);
/// for `info --json` also timescale, channels, sample rate, brands and movie duration.
///
/// No independent reader exists for the rest, which is derived by Legible's own rules:
/// `mediaType` and the kind word in `info` (a naming of the handler, which is checked); the
/// selection groups, display names and default options (Apple's AVFoundation media-selection
/// rules, not available on Linux); `characteristics` (`tagc`) and `references` (`tref`), which
/// neither ffprobe nor MediaInfo report per track; `extendedLanguage` (no `elng` in these files);
/// box offsets and field dumps in `boxes` beyond the facts above.
@Suite(.enabled(if: ["ffprobe", "mediainfo", "exiftool"].allSatisfy(ExternalTool.shouldRun)))
struct GoldenFactsTests {
    /// What a golden file or a tool says about a track; nil where it says nothing.
    struct TrackFacts: Equatable, CustomStringConvertible {
        var id: Int
        var codec: String?
        var handler: String?
        var language: String?
        var alternateGroup: Int?
        var enabled: Bool?
        var sampleCount: Int?
        var duration: String?
        var name: String?
        var timescale: Int?
        var channels: Int?
        var sampleRate: Int?

        /// The fields stated, by name.
        var stated: [(field: String, value: (any Equatable)?)] {
            [("codec", codec), ("handler", handler), ("language", language), ("alternate group", alternateGroup),
             ("enabled", enabled), ("sample count", sampleCount), ("duration", duration), ("name", name),
             ("timescale", timescale), ("channels", channels), ("sample rate", sampleRate)]
        }

        var description: String {
            "track \(id): " + stated.compactMap { field, value in value.map { "\(field)=\($0)" } }.joined(separator: " ")
        }

        /// Every field both sides state must be equal; returns the fields compared.
        func expectAgrees(with other: TrackFacts, source: String, golden: String) -> Set<String> {
            var compared: Set<String> = []
            for ((field, mine), (_, theirs)) in zip(stated, other.stated) {
                guard let mine, let theirs else { continue }
                compared.insert(field)
                #expect(String(describing: mine) == String(describing: theirs),
                        "\(golden) track \(id) \(field): golden \(mine), \(source) \(theirs)")
            }
            return compared
        }
    }

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    // MARK: Reading the golden files

    /// `info` text: `  track 2: audio  'mp4a' handler 'soun', eng, group 1, enabled, 189 samples, 4.021 s, "English"`.
    static func tracks(fromInfoText text: String) throws -> [TrackFacts] {
        let pattern = try Regex(#"^  track (\d+): \S+\s+'(.{4})' handler '(.{4})', (\S+), group (-?\d+), "#
                                + #"(enabled|disabled), (\d+) samples, ([0-9.]+) s(?:, "(.*)")?$"#)
        return try text.split(separator: "\n").filter { $0.hasPrefix("  track ") }.map { line in
            let match = try #require(try pattern.wholeMatch(in: line), "unexpected track line: \(line)")
            func capture(_ index: Int) -> String? { match.output[index].substring.map(String.init) }
            return TrackFacts(id: Int(capture(1) ?? "") ?? -1, codec: capture(2), handler: capture(3), language: capture(4),
                              alternateGroup: capture(5).flatMap(Int.init), enabled: capture(6) == "enabled",
                              sampleCount: capture(7).flatMap(Int.init), duration: capture(8), name: capture(9))
        }
    }

    /// `info --json`.
    static func tracks(fromInfoJSON report: [String: Any]) throws -> [TrackFacts] {
        try #require(report["tracks"] as? [[String: Any]]).map { track in
            TrackFacts(id: track["id"] as? Int ?? -1, codec: track["codec"] as? String, handler: track["handler"] as? String,
                       language: track["language"] as? String, alternateGroup: track["alternateGroup"] as? Int,
                       enabled: track["enabled"] as? Bool, sampleCount: track["sampleCount"] as? Int,
                       duration: (track["duration"] as? Double).map { String(format: "%.3f", $0) }, name: track["name"] as? String,
                       timescale: track["timescale"] as? Int, channels: track["channels"] as? Int, sampleRate: track["sampleRate"] as? Int)
        }
    }

    /// `boxes`: per `trak`, `tkhd` trackID/enabled/alternateGroup, the `mdhd` language, the first
    /// `handlerType` (the `mdia` one comes before the `minf` data handler), the first `stsd` entry
    /// and the `stsz` sample count.
    static func tracks(fromBoxDump text: String) throws -> [TrackFacts] {
        var tracks: [TrackFacts] = []
        var lines = text.split(separator: "\n")[...]
        func value(_ line: Substring, _ key: String) -> String? {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix(key + ": ") else { return nil }
            return String(trimmed.dropFirst(key.count + 2))
        }
        while let line = lines.popFirst() {
            if line.hasPrefix("  [trak]") { tracks.append(TrackFacts(id: -1)); continue }
            guard !tracks.isEmpty else { continue }
            var track = tracks.removeLast()
            defer { tracks.append(track) }
            if let id = value(line, "trackID") { track.id = Int(id) ?? -1 }
            if let enabled = value(line, "enabled"), track.enabled == nil { track.enabled = enabled == "true" }
            if let group = value(line, "alternateGroup") { track.alternateGroup = Int(group) }
            if let language = value(line, "language"), track.language == nil { track.language = String(language.dropFirst().prefix(3)) }
            if let handler = value(line, "handlerType"), track.handler == nil { track.handler = String(handler.dropFirst().prefix(4)) }
            if let count = value(line, "sampleCount") { track.sampleCount = Int(count) }
            if line.drop(while: { $0 == " " }).hasPrefix("[stsd]"), let entry = lines.first {
                track.codec = String(entry.drop { $0 == " " }.dropFirst().prefix(4))
            }
        }
        return tracks
    }

    // MARK: Reading the tools

    /// ISO 639-2 bibliographic codes (which ffprobe prints for some languages) and their
    /// terminology codes (which Legible prints): the 20 pairs of the ISO 639-2 code list.
    static let terminologyCodes = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces", "dut": "nld", "fre": "fra",
        "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "mao": "mri", "may": "msa", "per": "fas",
        "rum": "ron", "slo": "slk", "tib": "bod", "wel": "cym",
    ]

    static func ffprobe(_ url: URL) throws -> (tracks: [TrackFacts], brands: [String]) {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries",
            "stream=id,codec_tag_string,nb_frames,time_base,channels,sample_rate:stream_disposition=default:stream_tags=language"
                + ":format_tags=major_brand,compatible_brands", "-of", "json", url.path])
        try #require(output.status == 0, "ffprobe: \(output.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let streams = try #require(root["streams"] as? [[String: Any]])
        let tracks = streams.map { stream in
            let language = (stream["tags"] as? [String: String])?["language"] ?? "und"
            return TrackFacts(id: Int((stream["id"] as? String ?? "").dropFirst(2), radix: 16) ?? -1,
                              codec: stream["codec_tag_string"] as? String, language: terminologyCodes[language] ?? language,
                              enabled: ((stream["disposition"] as? [String: Int])?["default"]).map { $0 == 1 },
                              sampleCount: (stream["nb_frames"] as? String).flatMap(Int.init),
                              timescale: (stream["time_base"] as? String).flatMap { Int($0.dropFirst(2)) },
                              channels: stream["channels"] as? Int, sampleRate: (stream["sample_rate"] as? String).flatMap(Int.init))
        }
        let tags = (root["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
        // ffprobe concatenates the compatible brands without separators.
        let compatible = tags["compatible_brands"] ?? ""
        let brands = [tags["major_brand"] ?? ""] + stride(from: 0, to: compatible.count, by: 4).map { offset in
            String(compatible.dropFirst(offset).prefix(4))
        }
        return (tracks, brands.map { $0.padding(toLength: 4, withPad: " ", startingAt: 0) })
    }

    /// MediaInfo's tracks (a QuickTime chapter track is a `Menu`, with no per-track flags).
    static func mediaInfo(_ url: URL) throws -> [TrackFacts] {
        let output = try ExternalTool.run("mediainfo", ["--Output=JSON", url.path])
        try #require(output.status == 0, "mediainfo: \(output.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let tracks = try #require((root["media"] as? [String: Any])?["track"] as? [[String: Any]])
        return tracks.compactMap { track in
            guard let id = (track["ID"] as? String).flatMap(Int.init) else { return nil }
            guard track["@type"] as? String != "Menu" else { return TrackFacts(id: id) }
            return TrackFacts(id: id, alternateGroup: (track["AlternateGroup"] as? String).flatMap(Int.init) ?? 0,
                              enabled: (track["Default"] as? String).map { $0 == "Yes" },
                              duration: track["Source_Duration"] as? String ?? track["Duration"] as? String)
        }
    }

    /// ExifTool's `Track<n>` groups: the first `HandlerType` (the media handler) and the name;
    /// and the movie header's duration in seconds.
    static func exifTool(_ url: URL) throws -> (tracks: [TrackFacts], duration: Double?) {
        let output = try ExternalTool.run("exiftool", ["-G1", "-n", "-a", "-s", "-HandlerType", "-Track*Name", "-Duration", url.path])
        try #require(output.status == 0, "exiftool: \(output.stderr)")
        var tracks: [Int: TrackFacts] = [:]
        var duration: Double?
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let head = parts[0].split(separator: " ", omittingEmptySubsequences: true)
            let value = String(parts[1].dropFirst())
            guard head.count == 2 else { continue }
            let group = head[0], tag = head[1]
            if group == "[QuickTime]" && tag == "Duration" { duration = Double(value) }
            guard group.hasPrefix("[Track"), let id = Int(group.dropFirst(6).dropLast()) else { continue }
            var track = tracks[id] ?? TrackFacts(id: id)
            if tag == "HandlerType", track.handler == nil { track.handler = value }
            if tag == "Track\(id)Name" { track.name = value }
            tracks[id] = track
        }
        return (tracks.values.sorted { $0.id < $1.id }, duration)
    }

    /// Golden facts no tool reports: only MediaInfo gives alternate groups, and it shows a
    /// QuickTime chapter track as a `Menu` without them.
    static let uncheckable: [String: [Int: Set<String>]] = ["boxes-chapters.mov.txt": [3: ["alternate group"]]]

    // MARK: Tests

    static func compare(_ golden: [TrackFacts], with url: URL, goldenName: String) throws -> [String] {
        let probed = try ffprobe(url)
        #expect(golden.map(\.id) == probed.tracks.map(\.id), "\(goldenName): track IDs vs ffprobe")
        let sources: [(String, [TrackFacts])] = [("ffprobe", probed.tracks), ("MediaInfo", try mediaInfo(url)),
                                                 ("ExifTool", try exifTool(url).tracks)]
        var compared: [Int: Set<String>] = [:]
        for (source, tracks) in sources {
            for track in golden {
                let theirs = try #require(tracks.first { $0.id == track.id }, "\(goldenName): \(source) has no track \(track.id)")
                compared[track.id, default: []].formUnion(track.expectAgrees(with: theirs, source: source, golden: goldenName))
                // ExifTool reads every udta name, so a golden track without a name must have none.
                if source == "ExifTool" && track.name == nil {
                    #expect(theirs.name == nil, "\(goldenName) track \(track.id): ExifTool name \(theirs.name ?? "")")
                }
            }
        }
        // No fact in a golden file may go unchecked because a tool's output was not understood.
        for track in golden {
            let stated = Set(track.stated.filter { $0.value != nil }.map(\.field))
            let unchecked = stated.subtracting(compared[track.id] ?? []).subtracting(uncheckable[goldenName]?[track.id] ?? [])
            #expect(unchecked.isEmpty, "\(goldenName) track \(track.id): no independent value for \(unchecked.sorted())")
        }
        return probed.brands
    }

    @Test(arguments: ["demo.mov", "subtitles-multi.mp4"])
    func infoTextGoldenAgreesWithIndependentReaders(file: String) throws {
        let golden = try String(contentsOf: Self.goldenFolder.appendingPathComponent("info-\(file).txt"), encoding: .utf8)
        let tracks = try Self.tracks(fromInfoText: golden)
        #expect(!tracks.isEmpty)
        _ = try Self.compare(tracks, with: TestPaths.testMedia.appendingPathComponent(file), goldenName: "info-\(file).txt")
    }

    @Test func infoJSONGoldenAgreesWithIndependentReaders() throws {
        let url = TestPaths.testMedia.appendingPathComponent("audio-languages.mov")
        let data = try Data(contentsOf: Self.goldenFolder.appendingPathComponent("info--json-audio-languages.mov.txt"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tracks = try Self.tracks(fromInfoJSON: report)
        #expect(tracks.count == 6)
        let brands = try Self.compare(tracks, with: url, goldenName: "info--json-audio-languages.mov.txt")
        let goldenBrands = [report["majorBrand"] as? String ?? ""] + (report["compatibleBrands"] as? [String] ?? [])
        #expect(goldenBrands == brands, "brands vs ffprobe")
        #expect(report["duration"] as? Double == (try Self.exifTool(url).duration), "mvhd duration vs ExifTool")
    }

    @Test func boxesGoldenAgreesWithIndependentReaders() throws {
        let golden = try String(contentsOf: Self.goldenFolder.appendingPathComponent("boxes-chapters.mov.txt"), encoding: .utf8)
        let tracks = try Self.tracks(fromBoxDump: golden)
        #expect(tracks.count == 3)
        _ = try Self.compare(tracks, with: TestPaths.testMedia.appendingPathComponent("chapters.mov"), goldenName: "boxes-chapters.mov.txt")
    }
}
