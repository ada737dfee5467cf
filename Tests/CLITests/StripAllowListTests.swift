import Foundation
import LegibleTestSupport
import Testing

/// `strip` keeps a box only because a rule keeps it, in every mode: the crafted movies of
/// `Scripts/make-hostile-media` plant a string starting `PRIV-` (and a location) in an unknown
/// box of every container, a sample entry, free space inside a track, a self-contained data
/// reference, boxes nested where they do not belong, and user data, uuid, free and unknown
/// boxes inside movie fragments. After `-o`, `--in-place`, `--keep-fragments` and `--init`, no
/// planted byte is left anywhere; the dry run lists a removed entry over every planted string;
/// every stream's packets are the source's (FFmpeg framemd5), and ffprobe, MediaInfo, ExifTool
/// and MP4Box read the output.
@Suite struct StripAllowListTests {
    enum Fixture: String, CaseIterable, CustomTestStringConvertible {
        case privateBoxes = "private-boxes.mov"
        case nestedBoxes = "nested-boxes.mov"
        case fragmented = "fragmented-private.mp4"
        var testDescription: String { rawValue }
        var path: String { CLITests.media("hostile/\(rawValue)") }
    }

    enum Mode: String, CaseIterable, CustomTestStringConvertible {
        case newFile = "-o"
        case inPlace = "--in-place"
        case keepFragments = "--keep-fragments"
        case initSegment = "--init"
        var testDescription: String { rawValue }
        /// Modes that only a fragmented movie has.
        var needsFragments: Bool { self == .keepFragments || self == .initSegment }
    }

    static let planted = [UInt8]("PRIV-".utf8)
    static let location = [UInt8]("+48.8584+002.2945".utf8)

    static var canRun: Bool {
        ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun("mediainfo")
            && ExternalTool.shouldRun("exiftool")
    }

    /// Where `needle` starts in `bytes`.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= needle.count else { return [] }
        return (0...(bytes.count - needle.count)).filter { bytes[$0] == needle[0] && bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// The source split where `moov` ends: an initialization segment and the rest as one media
    /// segment (ISO/IEC 23009-1: together they are the movie).
    static func split(_ source: String, in folder: TemporaryFolder) throws -> (initialization: String, segment: String) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            try #require(size >= 8)
            offset += size
            if type == "moov" { break }
        }
        let paths = (folder.path("init.mp4"), folder.path("segment.m4s"))
        try Data(bytes[..<offset]).write(to: URL(fileURLWithPath: paths.0))
        try Data(bytes[offset...]).write(to: URL(fileURLWithPath: paths.1))
        return paths
    }

    /// The command line of a strip of `source` in `mode` (a dry run with `dryRun`), the file it
    /// writes, and the folder's copy that an in-place edit changes.
    static func command(_ mode: Mode, source: String, in folder: TemporaryFolder, dryRun: Bool = false) throws -> (arguments: [String], output: String) {
        let name = URL(fileURLWithPath: source).lastPathComponent
        let output = folder.path("out-\(name)")
        let dry = dryRun ? ["--dry-run", "--json"] : []
        switch mode {
        case .newFile:
            return (["strip", source, "-o", output] + dry, output)
        case .inPlace:
            let copy = FileManager.default.fileExists(atPath: output) ? output : try folder.copy(URL(fileURLWithPath: source), as: "out-\(name)")
            return (["strip", copy, "--in-place"] + dry, copy)
        case .keepFragments:
            return (["strip", source, "--keep-fragments", "-o", output] + dry, output)
        case .initSegment:
            let parts = try split(source, in: folder)
            return (["strip", parts.segment, "--init", parts.initialization, "-o", output] + dry, output)
        }
    }

    @Test(.enabled(if: canRun), arguments: Fixture.allCases, Mode.allCases)
    func nothingPlantedIsLeft(_ fixture: Fixture, _ mode: Mode) throws {
        guard !mode.needsFragments || fixture == .fragmented else { return }
        let folder = try TemporaryFolder("strip-allow-list")
        defer { folder.remove() }
        let source = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        let plantedAt = Self.occurrences(of: Self.planted, in: source)
        try #require(!plantedAt.isEmpty, "the fixture holds planted strings")

        // The dry run: a removed entry covers every planted string (but the path in a data
        // reference, which is made bare, not removed as a box).
        let review = try Self.command(mode, source: fixture.path, in: folder, dryRun: true)
        let dry = try LegibleCommand.run(review.arguments)
        try #require(dry.status == 0, "\(dry.stderr)")
        let entries = try #require(dry.jsonObject?["entries"] as? [[String: Any]])
        let removed = entries.filter { $0["action"] as? String == "remove" }.compactMap { entry -> Range<Int>? in
            guard let offset = entry["offset"] as? Int, let length = entry["length"] as? Int else { return nil }
            return offset..<offset + length
        }
        let dataReferencePath = Self.occurrences(of: [UInt8]("PRIV-DREF-PATH".utf8), in: source)
        for offset in plantedAt where !dataReferencePath.contains(offset) {
            #expect(removed.contains { $0.contains(offset) }, "the planted string at \(offset) is in no removed entry")
        }
        if !dataReferencePath.isEmpty {
            #expect(entries.contains { $0["subject"] as? String == "name:data-reference" && $0["action"] as? String == "remove" })
        }
        let boxes = entries.filter { $0["kind"] as? String == "box" && $0["action"] as? String == "remove" }
        #expect(boxes.allSatisfy { ($0["path"] as? String).map { !$0.isEmpty } ?? false && !(($0["reason"] as? String) ?? "").isEmpty },
                "every removed box has its path and reason: \(boxes)")

        let strip = try Self.command(mode, source: fixture.path, in: folder)
        let result = try LegibleCommand.run(strip.arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: strip.output)))
        #expect(Self.occurrences(of: Self.planted, in: written).isEmpty, "a planted string is left")
        #expect(Self.occurrences(of: Self.location, in: written).isEmpty, "the location is left")
        try Self.checkReadersAgree(strip.output, source: fixture.path)
    }

    /// Every stream's packets as in the source (payload and timing, FFmpeg framemd5); ffprobe
    /// reads the output without a complaint, MediaInfo, ExifTool and MP4Box read it.
    static func checkReadersAgree(_ path: String, source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for stream in try FFmpegReading.streams(source) {
            #expect(try FragmentedStripTests.packetPayloads(path, stream: stream.index)
                    == FragmentedStripTests.packetPayloads(source, stream: stream.index), "stream \(stream)", sourceLocation: sourceLocation)
        }
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_streams", path])
        #expect(probe.status == 0 && probe.stderr.isEmpty, "ffprobe: \(probe.stderr)", sourceLocation: sourceLocation)
        let info = try ExternalTool.run("mediainfo", ["--Output=JSON", path])
        #expect(info.status == 0 && info.stdout.contains("\"Video\""), "MediaInfo: \(info.stderr)", sourceLocation: sourceLocation)
        let exif = try ExternalTool.run("exiftool", ["-j", path])
        #expect(exif.status == 0, "ExifTool: \(exif.stderr)", sourceLocation: sourceLocation)
        if ExternalTool.shouldRun(at: TestPaths.mp4Box) {
            let box = try ExternalTool.run(TestPaths.mp4Box, ["-info", path])
            #expect(box.status == 0, "MP4Box -info: \(box.stderr)", sourceLocation: sourceLocation)
        }
    }

    /// `--keep box:TYPE` keeps an unknown type wherever it is, and the dry run says so.
    @Test func keepingABoxTypeKeepsItEverywhere() throws {
        let folder = try TemporaryFolder("strip-keep-box")
        defer { folder.remove() }
        let source = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.privateBoxes.path)))
        // Each planted zzzz box: its type right before the planted string.
        let unknown = Self.occurrences(of: Self.planted, in: source).filter { source[$0 - 4..<$0].elementsEqual("zzzz".utf8) }
        try #require(unknown.count == 8, "moov, trak, edts, mdia, minf, dinf, stbl and avc1 each hold one")
        let dry = try LegibleCommand.run(["strip", Fixture.privateBoxes.path, "--dry-run", "--json", "--keep", "box:zzzz", "-o", folder.path("dry.mov")])
        try #require(dry.status == 0, "\(dry.stderr)")
        let entries = try #require(dry.jsonObject?["entries"] as? [[String: Any]])
        let listed = entries.filter { ($0["subject"] as? String)?.hasSuffix("/zzzz") ?? false }
        #expect(Set(listed.compactMap { $0["offset"] as? Int }) == Set(unknown.map { $0 - 8 }))
        #expect(listed.allSatisfy { $0["action"] as? String == "keep" }, "\(listed)")
        let output = folder.path("kept.mov")
        let result = try LegibleCommand.run(["strip", Fixture.privateBoxes.path, "-o", output, "--keep", "box:zzzz"])
        try #require(result.status == 0, "\(result.stderr)")
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(Self.occurrences(of: [UInt8]("zzzzPRIV-".utf8), in: written).count == unknown.count)
    }

    /// A track whose media is in another file cannot be shared: one error line naming the
    /// reference's box and offset and what it reveals, the source unchanged; with that track
    /// removed (`--remove track:2`), the rest is shared.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: [Mode.newFile, .inPlace])
    func externalMediaIsRefused(_ mode: Mode) throws {
        let folder = try TemporaryFolder("strip-external")
        defer { folder.remove() }
        let source = try folder.copy(URL(fileURLWithPath: CLITests.media("hostile/external-media.mov")), as: "external.mov")
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let url = try #require(Self.occurrences(of: [UInt8]("file:///Users/PRIV-ALICE".utf8), in: [UInt8](before)).first)
        // The url entry's header and its version and flags come before the location.
        let entryOffset = String(url - 12, radix: 16)
        let target = mode == .inPlace ? ["--in-place"] : ["-o", folder.path("out.mov")]
        let refused = try LegibleCommand.run(["strip", source] + target)
        #expect(refused.status == 2)
        #expect(refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("dref/url  @ 0x\(entryOffset)") && refused.stderr.contains("file:///Users/PRIV-ALICE/Movies/audio.mov"),
                "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))

        let result = try LegibleCommand.run(["strip", source, "--remove", "track:2"] + target)
        try #require(result.status == 0, "\(result.stderr)")
        let written = mode == .inPlace ? source : folder.path("out.mov")
        #expect(Self.occurrences(of: Self.planted, in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: written)))).isEmpty)
        let streams = try FFmpegReading.streams(written)
        #expect(streams.count == 1, "\(streams)")
    }
}
