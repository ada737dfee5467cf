import Foundation
import LegibleTestSupport
import Testing

/// `--keep-fragments`: writing commands on fragmented movies — FFmpeg's (as in
/// ``FragmentedMovieEditTests``) and MP4Box's (`-frag 1000`) — write a movie that is still
/// fragmented (Legible's `info` and MP4Box say so), whose every source stream reads back in FFmpeg
/// as from the source (framemd5, ffprobe packet times); an added subtitle track reads back in
/// FFmpeg and MP4Box with the SubRip file's cues; `sidx` and `mfra` point at the output's `moof`s.
@Suite struct KeepFragmentsTests {
    /// A fragmented source: made by FFmpeg as ``FragmentedMovieEditTests`` makes them, or by
    /// MP4Box from demo.mov's streams.
    enum Source: Sendable, CustomStringConvertible {
        case ffmpeg(FragmentedMovieEditTests.Fragmenting)
        case mp4Box

        var description: String {
            switch self {
            case let .ffmpeg(fragmenting): "FFmpeg \(fragmenting)"
            case .mp4Box: "MP4Box -frag 1000"
            }
        }

        var fileExtension: String {
            switch self {
            case let .ffmpeg(fragmenting): fragmenting.fileExtension
            case .mp4Box: "mp4"
            }
        }

        /// The fragmented file, nil when MP4Box is needed and absent (and interop not required).
        func make(in folder: TemporaryFolder) throws -> String? {
            switch self {
            case let .ffmpeg(fragmenting):
                return try FragmentedMovieEditTests().fragmented(fragmenting, in: folder)
            case .mp4Box:
                guard ExternalTool.shouldRun(at: TestPaths.mp4Box) else { return nil }
                let plain = folder.path("plain.mp4"), path = folder.path("fragmented.mp4")
                let remuxed = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", CLITests.media("demo.mov"), "-map", "0",
                                                              "-c", "copy", plain])
                try #require(remuxed.status == 0, "\(remuxed.stderr)")
                let made = try ExternalTool.run(TestPaths.mp4Box, ["-quiet", "-frag", "1000", plain, "-out", path])
                try #require(made.status == 0, "\(made.stderr)")
                try #require(try FragmentedMovieEditTests.isFragmented(path), "MP4Box did not fragment \(path)")
                return path
            }
        }
    }

    /// FFmpeg's fragmentings, one more whose first fragment's samples are in `moov`'s tables
    /// (`frag_keyframe` without `empty_moov`), and MP4Box's.
    static let sources = FragmentedMovieEditTests.fragmentings.map(Source.ffmpeg)
        + [.ffmpeg(FragmentedMovieEditTests.Fragmenting(flags: "+frag_keyframe", fileExtension: "mp4")), .mp4Box]

    static var toolsPresent: Bool { ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe") }

    /// `output` is fragmented for Legible and MP4Box, and every stream of `source` reads from it
    /// as from `source`.
    static func checkStillFragmented(_ output: String, from source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try FragmentedMovieEditTests.checkStreamsKept(output, from: source, stillFragmented: true, sourceLocation: sourceLocation)
        if ExternalTool.shouldRun(at: TestPaths.mp4Box) {
            let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", output])
            #expect(info.stderr.contains("Fragmented: yes"), "MP4Box -info \(output): \(info.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: toolsPresent), arguments: sources)
    func addSubtitles(_ source: Source) throws {
        let folder = try TemporaryFolder("keep-fragments-add")
        defer { folder.remove() }
        guard let movie = try source.make(in: folder) else { return }
        let output = folder.path("out.\(source.fileExtension)")
        let srt = CLITests.media("english-sdh.srt")
        let result = try LegibleCommand.run(["add-subtitles", movie, srt, "--language", "en", "--keep-fragments", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStillFragmented(output, from: movie)
        let before = try FFmpegReading.streams(movie)
        let after = try FFmpegReading.streams(output)
        try #require(after.count == before.count + 1, "\(after)")
        #expect(after.last?.codecType == "subtitle" && after.last?.language == "eng", "\(after)")
        let expected = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: srt))
        try #require(!expected.isEmpty)

        // FFmpeg: a packet for each cue where the cue starts (its empty samples aside: 2 bytes,
        // QTFF "Text sample data"), with the cue's text. It gives text samples in fragments no
        // duration, its own as well, so the ends are MP4Box's to check.
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "\(before.count)", "-show_entries",
                                                     "packet=pts_time,size", "-of", "csv=p=0", output])
        try #require(probe.status == 0, "\(probe.stderr)")
        let starts = probe.stdout.split(separator: "\n").compactMap { line -> Double? in
            let fields = line.split(separator: ",")
            guard fields.count == 2, let size = Int(fields[1]), size > 2 else { return nil }
            return Double(fields[0]).map { $0 * 1000 }
        }
        #expect(starts.count == expected.count, "\(starts)")
        for (start, cue) in zip(starts, expected) {
            #expect(abs(start - Double(cue.start)) <= 1, "\(start) ms for \(cue)")
        }
        let exported = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", output, "-map", "0:\(before.count)", "-f", "srt", "-"])
        try #require(exported.status == 0, "\(exported.stderr)")
        #expect(SubtitleCueReader.cues(exported.stdout).map(\.plainText) == expected.map(\.plainText))

        // MP4Box: the whole cues, start, end and text.
        if ExternalTool.shouldRun(at: TestPaths.mp4Box) {
            let trackID = try #require(result.stdout.firstMatch(of: /added track (\d+)/).map { String($0.1) }, "\(result.stdout)")
            let path = folder.path("exported.srt")
            let export = try ExternalTool.run(TestPaths.mp4Box, ["-srt", trackID, output, "-out", path])
            try #require(export.status == 0, "\(export.stderr)")
            let cues = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: path))
            try #require(cues.count == expected.count, "\(cues)")
            for (cue, wanted) in zip(cues, expected) {
                #expect(abs(cue.start - wanted.start) <= 1 && abs(cue.end - wanted.end) <= 1 && cue.plainText == wanted.plainText,
                        "\(cue) for \(wanted)")
            }
        }
    }

    @Test(.enabled(if: toolsPresent), arguments: sources)
    func setTrack(_ source: Source) throws {
        let folder = try TemporaryFolder("keep-fragments-set-track")
        defer { folder.remove() }
        guard let movie = try source.make(in: folder) else { return }
        let output = folder.path("out.\(source.fileExtension)")
        let result = try LegibleCommand.run(["set-track", movie, "--track", "2", "--language", "fr", "--keep-fragments", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStillFragmented(output, from: movie)
        // Track 2 is FFmpeg's stream 1; French is `fra` (ISO 639-2/T) or `fre` (ISO 639-2/B).
        let language = try FFmpegReading.streams(output)[1].language
        #expect(language == "fra" || language == "fre", "\(language ?? "none")")
    }

    @Test(.enabled(if: toolsPresent), arguments: sources)
    func setMetadata(_ source: Source) throws {
        let folder = try TemporaryFolder("keep-fragments-set-metadata")
        defer { folder.remove() }
        guard let movie = try source.make(in: folder) else { return }
        let output = folder.path("out.\(source.fileExtension)")
        let result = try LegibleCommand.run(["set-metadata", movie, "--set", "title=Kept fragmented", "--keep-fragments", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStillFragmented(output, from: movie)
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=title", "-of", "csv=p=0", output])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Kept fragmented", "\(probe.stdout)")
    }

    @Test(.enabled(if: toolsPresent), arguments: sources)
    func strip(_ source: Source) throws {
        let folder = try TemporaryFolder("keep-fragments-strip")
        defer { folder.remove() }
        guard let movie = try source.make(in: folder) else { return }
        let output = folder.path("out.\(source.fileExtension)")
        let result = try LegibleCommand.run(["strip", movie, "--keep-fragments", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStillFragmented(output, from: movie)
    }

    /// A strip removes a timed metadata track that is itself fragmented (added with
    /// `--keep-fragments`): its `traf`s go, the other streams read as before, and its samples'
    /// bytes are zeros.
    @Test(.enabled(if: toolsPresent))
    func stripRemovesAFragmentedTrack() throws {
        let folder = try TemporaryFolder("keep-fragments-strip-track")
        defer { folder.remove() }
        let movie = try #require(try Source.ffmpeg(FragmentedMovieEditTests.fragmentings[3]).make(in: folder))
        let located = folder.path("located.mov"), output = folder.path("out.mov")
        let added = try LegibleCommand.run(["add-metadata-track", movie, "--from", CLITests.media("route.gpx"), "--keep-fragments",
                                            "-o", located])
        try #require(added.status == 0, "\(added.stderr)")
        let streams = try FFmpegReading.streams(located)
        try #require(streams.count == (try FFmpegReading.streams(movie)).count + 1 && streams.last?.codecTag == "mebx", "\(streams)")
        let result = try LegibleCommand.run(["strip", located, "--keep-fragments", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStillFragmented(output, from: movie)
        #expect(try FFmpegReading.streams(output).count == (try FFmpegReading.streams(movie)).count)
        // The ISO 6709 strings of route.gpx's points (latitude +51.533…) are nowhere in the file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(bytes.range(of: Data("+51.533".utf8)) == nil)
    }

    /// FFmpeg's `global_sidx` movie has a `sidx` per track and an `mfra`: after an added track
    /// grows every fragment, MP4Box reads each `tfra` entry pointing at a `moof` of the output,
    /// and each `sidx` reference starting at one and ending where the next starts. (With
    /// `default_base_moof`: without it, FFmpeg 5 inserts the `sidx`s without moving the `tfhd`
    /// base data offsets, which then point before their samples.)
    @Test(.enabled(if: toolsPresent && ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func indexesPointAtTheOutputFragments() throws {
        let folder = try TemporaryFolder("keep-fragments-indexes")
        defer { folder.remove() }
        let fragmenting = FragmentedMovieEditTests.Fragmenting(flags: "+frag_keyframe+empty_moov+default_base_moof+global_sidx", fileExtension: "mp4")
        let movie = try #require(try Source.ffmpeg(fragmenting).make(in: folder))
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-subtitles", movie, CLITests.media("english-sdh.srt"), "--language", "en",
                                             "--keep-fragments", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        try Self.checkStillFragmented(output, from: movie)

        let boxes = try Self.topLevelBoxes(output)
        let moofs = Set(boxes.filter { $0.type == "moof" }.map(\.offset))
        let boundaries = Set(boxes.map(\.offset) + [boxes.last.map { $0.offset + $0.size } ?? 0])
        let dumpPath = folder.path("dump.xml")
        let dump = try ExternalTool.run(TestPaths.mp4Box, ["-dxml", output, "-out", dumpPath])
        try #require(dump.status == 0, "\(dump.stderr)")
        let xml = try String(contentsOfFile: dumpPath, encoding: .utf8)
        let moofOffsets = xml.matches(of: /moof_offset="(\d+)"/).compactMap { UInt64($0.1) }
        #expect(!moofOffsets.isEmpty && moofOffsets.allSatisfy(moofs.contains), "\(moofOffsets) vs \(moofs.sorted())")
        let sidxBoxes = boxes.filter { $0.type == "sidx" }
        let indexes = xml.split(separator: "<SegmentIndexBox").dropFirst()
        try #require(indexes.count == sidxBoxes.count && !sidxBoxes.isEmpty, "\(sidxBoxes)")
        for (index, box) in zip(indexes, sidxBoxes) {
            let firstOffset = try #require(index.firstMatch(of: /first_offset="(\d+)"/).flatMap { UInt64($0.1) })
            let sizes = index.matches(of: /<Reference type="0" size="(\d+)"/).compactMap { UInt64($0.1) }
            var position = box.offset + box.size + firstOffset
            for size in sizes {
                #expect(moofs.contains(position), "sidx at \(box.offset): a reference starts at \(position)")
                position += size
            }
            #expect(boundaries.contains(position), "sidx at \(box.offset): the last reference ends at \(position)")
        }
    }

    /// A new chapter list is refused in one line that names the way out, and nothing is written.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func chaptersAreRefused() throws {
        let folder = try TemporaryFolder("keep-fragments-chapters")
        defer { folder.remove() }
        let movie = try #require(try Source.ffmpeg(FragmentedMovieEditTests.fragmentings[0]).make(in: folder))
        let chapters = folder.path("chapters.txt")
        try "00:00:00 Start\n00:00:02 Middle\n".write(toFile: chapters, atomically: true, encoding: .utf8)
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-chapters", movie, chapters, "--keep-fragments", "-o", output])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.errorLines[0].contains("cannot keep the movie fragmented")
                && result.errorLines[0].contains("without --keep-fragments"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// `--keep-fragments` writes a new file: with `--in-place` it is a usage error.
    @Test func inPlaceIsAUsageError() throws {
        let folder = try TemporaryFolder("keep-fragments-in-place")
        defer { folder.remove() }
        let movie = try folder.copy(URL(fileURLWithPath: CLITests.media("demo.mov")), as: "demo.mov")
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        let result = try LegibleCommand.run(["set-track", movie, "--track", "2", "--language", "fr", "--keep-fragments", "--in-place"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--keep-fragments") && result.stderr.contains("-o"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == before)
    }

    /// A movie that is not fragmented is written as without the flag, with a note.
    @Test func regularMovieIsWrittenAsUsual() throws {
        let folder = try TemporaryFolder("keep-fragments-regular")
        defer { folder.remove() }
        let kept = folder.path("kept.mov"), plain = folder.path("plain.mov")
        let arguments = ["set-track", CLITests.media("demo.mov"), "--track", "2", "--language", "fr"]
        let result = try LegibleCommand.run(arguments + ["--keep-fragments", "-o", kept])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not fragmented"), "\(result.stderr)")
        try #require(try LegibleCommand.run(arguments + ["-o", plain]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data(contentsOf: URL(fileURLWithPath: plain)))
    }

    /// The top-level boxes of a file, from their headers (ISO/IEC 14496-12 §4.2): type, offset
    /// and size.
    static func topLevelBoxes(_ path: String) throws -> [(type: String, offset: UInt64, size: UInt64)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var boxes: [(type: String, offset: UInt64, size: UInt64)] = []
        var offset = 0
        func number(_ start: Int, _ count: Int) -> UInt64 { data[start..<start + count].reduce(0) { $0 << 8 | UInt64($1) } }
        while offset + 8 <= data.count {
            var size = number(offset, 4)
            if size == 1 { size = number(offset + 8, 8) } else if size == 0 { size = UInt64(data.count - offset) }
            try #require(size >= 8 && offset + Int(size) <= data.count, "a box at \(offset) of size \(size)")
            boxes.append((String(decoding: data[offset + 4..<offset + 8], as: UTF8.self), UInt64(offset), size))
            offset += Int(size)
        }
        return boxes
    }
}
