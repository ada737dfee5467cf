import Foundation
import LegibleTestSupport
import Testing

/// In-place edits of fragmented movies that change `moov` alone: the new `moov` goes where the
/// old one was, no byte of the fragments moves, so the file keeps its size and every stream
/// reads in FFmpeg as before; ffprobe and ExifTool read the change. An edit that adds a track,
/// or whose `moov` does not fit, is refused in one line naming `-o`, the file unchanged; a kill
/// at any write leaves the old or the new movie.
@Suite(.serialized) struct FragmentedInPlaceTests {
    static var canRun: Bool { ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe") }

    /// FFmpeg's fragmented `.mp4` of TestMedia/demo.mov, with `bytesAfterMovie` of free space
    /// after `moov` when not 0 (the fragments count offsets from their `moof`, so nothing else
    /// changes).
    static func source(in folder: TemporaryFolder, freeSpace bytesAfterMovie: Int = 0) throws -> String {
        let plain = folder.path("plain.mp4")
        try FragmentedStripTests.ffmpeg(["-movflags", "+frag_keyframe+empty_moov+default_base_moof+skip_trailer"], to: plain)
        guard bytesAfterMovie > 0 else { return plain }
        let path = folder.path("spacious.mp4")
        let bytes = try FragmentedMovieCraft.withFreeSpace([UInt8](Data(contentsOf: URL(fileURLWithPath: plain))), afterMovie: bytesAfterMovie)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func size(_ path: String) throws -> Int? { try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int }

    /// ffprobe's `tag` of the format, or of stream `stream`.
    static func tag(_ tag: String, of path: String, stream: Int? = nil) throws -> String {
        let entries = stream == nil ? ["-show_entries", "format_tags=\(tag)"] : ["-select_streams", "\(stream ?? 0)", "-show_entries", "stream_tags=\(tag)"]
        let probe = try ExternalTool.run("ffprobe", ["-v", "error"] + entries + ["-of", "csv=p=0", path])
        try #require(probe.status == 0, "\(probe.stderr)")
        return probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An edit of `arguments` on a copy of `source`: succeeds, keeps the size and the streams.
    static func edit(_ source: String, _ arguments: [String], in folder: TemporaryFolder) throws -> String {
        let path = try folder.copy(URL(fileURLWithPath: source), as: "edited.mp4")
        let result = try LegibleCommand.run([arguments[0], path] + arguments.dropFirst() + ["--in-place"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try size(path) == size(source), "the file keeps its size")
        try FragmentedStripTests.checkStreamsUnchanged(path, from: source)
        return path
    }

    /// A language change keeps `moov`'s size: it is written over the old one.
    @Test(.enabled(if: canRun))
    func setTrackLanguage() throws {
        let folder = try TemporaryFolder("fragmented-in-place-language")
        defer { folder.remove() }
        let source = try Self.source(in: folder)
        let path = try Self.edit(source, ["set-track", "--track", "2", "--language", "fr"], in: folder)
        // Track 2 is FFmpeg's stream 1; French is `fra` (ISO 639-2/T) or `fre` (639-2/B).
        #expect(["fra", "fre"].contains(try Self.tag("language", of: path, stream: 1)))
    }

    /// A name makes `moov` larger: it goes into the free space after it.
    @Test(.enabled(if: canRun && ExternalTool.shouldRun("exiftool")))
    func setTrackNameInFreeSpace() throws {
        let folder = try TemporaryFolder("fragmented-in-place-name")
        defer { folder.remove() }
        let source = try Self.source(in: folder, freeSpace: 4096)
        let path = try Self.edit(source, ["set-track", "--track", "2", "--name", "Commentaire"], in: folder)
        let exif = try ExternalTool.run("exiftool", ["-a", "-G1", "-j", path])
        let tags = try #require(try JSONSerialization.jsonObject(with: exif.stdoutData) as? [[String: Any]]).first ?? [:]
        #expect(tags["Track2:Track2Name"] as? String == "Commentaire", "\(tags.filter { $0.key.hasPrefix("Track2") })")
    }

    @Test(.enabled(if: canRun))
    func setMetadataInFreeSpace() throws {
        let folder = try TemporaryFolder("fragmented-in-place-metadata")
        defer { folder.remove() }
        let source = try Self.source(in: folder, freeSpace: 4096)
        let path = try Self.edit(source, ["set-metadata", "--set", "title=Fragmented and retitled"], in: folder)
        #expect(try Self.tag("title", of: path) == "Fragmented and retitled")
    }

    /// An added track's samples cannot be described in the fragments: refused, file unchanged.
    @Test(.enabled(if: canRun && ExternalTool.shouldRun("sha256sum")))
    func addedTrackIsRefused() throws {
        let folder = try TemporaryFolder("fragmented-in-place-refused")
        defer { folder.remove() }
        let path = try Self.source(in: folder, freeSpace: 4096)
        let before = try AddSubtitlesCrashSafetyTests.sha256(path)
        let result = try LegibleCommand.run(["add-subtitles", path, CLITests.media("english-sdh.srt"), "--language", "en", "--in-place"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.errorLines[0].contains("-o"), "\(result.stderr)")
        #expect(try AddSubtitlesCrashSafetyTests.sha256(path) == before)
    }

    /// With no free space after `moov`: a `moov` that outgrows the old one, or one 4 bytes
    /// smaller (too few for a `free` box), is refused, the file unchanged. The source's title is
    /// FFmpeg's copy of demo.mov's, "Legible demo".
    @Test(.enabled(if: canRun && ExternalTool.shouldRun("sha256sum")),
          arguments: ["A title longer than what moov can give up", "Legible "])
    func editThatDoesNotFitIsRefused(_ title: String) throws {
        let folder = try TemporaryFolder("fragmented-in-place-no-room")
        defer { folder.remove() }
        let path = try Self.source(in: folder)
        try #require(try Self.tag("title", of: path) == "Legible demo")
        let before = try AddSubtitlesCrashSafetyTests.sha256(path)
        let result = try LegibleCommand.run(["set-metadata", path, "--set", "title=\(title)", "--in-place"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.errorLines[0].contains("does not fit") && result.errorLines[0].contains("-o"),
                "\(result.stderr)")
        #expect(try AddSubtitlesCrashSafetyTests.sha256(path) == before)
    }

    /// Where the switch goes: into free space after `moov` (staged), or over `moov` (whole);
    /// and a strip of the crafted movie, whose erasing (fragment boxes made `free`, zeros) comes
    /// after the switch.
    enum KilledEdit: String, CaseIterable, CustomTestStringConvertible {
        case staged, whole, strip
        var testDescription: String { rawValue }
    }

    /// `kill -9` at every `pwrite64` (as InPlaceKillTests does it): the file left plays as
    /// before (framemd5, packet times, ffprobe reads it) with the old title or the new one, and
    /// the same command again finishes the edit (for the strip: nothing private is left).
    @Test(.enabled(if: canRun && ExternalTool.shouldRun("strace") && ExternalTool.shouldRun("exiftool")),
          arguments: KilledEdit.allCases)
    func everyWriteCanBeTheLast(_ edit: KilledEdit) throws {
        let folder = try TemporaryFolder("fragmented-kill-\(edit.rawValue)")
        defer { folder.remove() }
        let source = edit == .strip ? try FragmentedStripTests.Source.crafted.make(in: folder)
            : try Self.source(in: folder, freeSpace: edit == .staged ? 4096 : 0)
        let oldTitle = try Self.tag("title", of: source)
        // Without free space the new moov must be no larger and leave 0 or 8 bytes or more for
        // a free box: "Kill" is 8 bytes shorter than the source's "Legible demo".
        let newTitle = edit == .staged ? "Killed and retitled" : edit == .whole ? "Kill" : oldTitle
        let arguments = { (path: String) in
            edit == .strip ? ["strip", path, "--in-place"] : ["set-metadata", path, "--set", "title=\(newTitle)", "--in-place"]
        }
        let counted = try folder.copy(URL(fileURLWithPath: source), as: "count.mp4")
        let run = try InPlaceKillTests.traced([], arguments(counted), log: folder.path("count.log"))
        try #require(run.status == 0, "\(run.stderr)")
        let writes = try InPlaceKillTests.writes(inLog: folder.path("count.log"))
        try #require(writes >= (edit == .staged ? 2 : 1))
        for kill in 1...writes {
            let path = try folder.copy(URL(fileURLWithPath: source), as: "kill-\(kill).mp4")
            let killed = try InPlaceKillTests.traced(["-e", "inject=pwrite64:signal=SIGKILL:when=\(kill)"], arguments(path),
                                                     log: folder.path("kill-\(kill).log"))
            #expect(killed.status != 0, "write \(kill) of \(writes): the edit was stopped")
            try FragmentedStripTests.checkStreamsUnchanged(path, from: source)
            #expect([oldTitle, newTitle].contains(try Self.tag("title", of: path)), "killed at write \(kill) of \(writes)")
            let again = try LegibleCommand.run(arguments(path))
            try #require(again.status == 0, "write \(kill) of \(writes): the repeated edit: \(again.stderr)")
            #expect(try Self.tag("title", of: path) == newTitle)
            try FragmentedStripTests.checkStreamsUnchanged(path, from: source)
            if edit == .strip { try FragmentedStripTests.checkNothingPrivate(path, source: .crafted) }
        }
    }
}
