import Foundation
import LegibleTestSupport
import Testing

/// The README's commands work as printed: the opening command and the three jobs, run on the
/// bundled media in a temporary folder (`ReadmeCommands`). What each must have done comes from the
/// inputs (TestMedia/README.md describes every movie; english-sdh.srt is English SDH) and from the
/// specifications, read back through ffprobe where a reader other than Legible can tell.
@Suite struct ReadmeCommandsTests {
    /// AVFoundation's media characteristics of an SDH track (QTFF, "Media characteristic tag atom").
    static let sdh = ["public.accessibility.transcribes-spoken-dialog", "public.accessibility.describes-music-and-sound"]

    @Test func everyCommandSucceeds() throws {
        let readme = try ReadmeCommands()
        defer { readme.folder.remove() }
        #expect(readme.runs.count >= 6, "\(readme.runs.map(\.line))")
        for run in readme.runs {
            #expect(run.output.status == 0, "\(run.line)\n\(run.output.stderr)")
            #expect(run.output.errorLines.isEmpty, "\(run.line)\n\(run.output.stderr)")
        }
    }

    /// The opening command: demo.mov (video, English and Spanish audio, Spanish subtitles) gains
    /// an English SDH track in the subtitles' group that the English audio follows; every source
    /// stream is copied bit for bit; `select` then gives an English viewer who prefers SDH that track.
    @Test func theOpeningCommandAddsAnSDHTrack() throws {
        let readme = try ReadmeCommands()
        defer { readme.folder.remove() }
        let opening = try #require(readme.runs.first)
        #expect(opening.line.hasPrefix("swift run legible add-subtitles TestMedia/demo.mov TestMedia/english-sdh.srt "))
        try #require(opening.output.status == 0, "\(opening.output.stderr)")
        #expect(opening.output.stdout.contains("English SDH"), "\(opening.output.stdout)")
        let output = try readme.outputPath(of: opening)

        let info = try LegibleCommand.run(["info", "--json", output])
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]], "\(info.stdout)")
        try #require(tracks.count == 5, "demo.mov has four tracks: \(info.stdout)")
        let added = tracks[4]
        #expect(added["mediaType"] as? String == "subtitle")
        #expect(added["language"] as? String == "eng")
        #expect(Set(added["characteristics"] as? [String] ?? []).isSuperset(of: Self.sdh), "\(added)")
        let spanish = try #require(tracks.first { $0["mediaType"] as? String == "subtitle" && $0["language"] as? String == "spa" })
        #expect(added["alternateGroup"] as? Int == spanish["alternateGroup"] as? Int)
        let english = try #require(tracks.first { $0["mediaType"] as? String == "audio" && $0["language"] as? String == "eng" })
        #expect((english["references"] as? [String: [Int]])?["folw"] == [added["id"] as? Int ?? -1], "\(english)")

        if ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun("ffmpeg") {
            let source = TestPaths.testMedia.appendingPathComponent("demo.mov").path
            let before = try FFmpegReading.streams(source)
            let after = try FFmpegReading.streams(output)
            #expect(Array(after.prefix(before.count)) == before)
            #expect(after.count == before.count + 1 && after.last?.codecType == "subtitle" && after.last?.language == "eng", "\(after)")
            for stream in before.map(\.index) {
                #expect(try FFmpegReading.framemd5(output, stream: stream) == FFmpegReading.framemd5(source, stream: stream))
            }
        }

        let select = try readme.run("select", with: ["--prefer-sdh"])
        let legible = select.output.stdout.split(separator: "\n").first { $0.hasPrefix("legible") }
        #expect(legible?.contains("track \(added["id"] as? Int ?? -1) English SDH") == true, "\(select.output.stdout)")
    }

    /// Job 2 on subtitles-multi.mp4: three English, English SDH (`kind` caption) and French forced
    /// (`kind` forced-subtitle) subtitle tracks in alternate group 3, as the text and the JSON show them.
    @Test func theGroupsJobShowsGroupsAndCharacteristics() throws {
        let readme = try ReadmeCommands()
        defer { readme.folder.remove() }
        let text = try readme.run("info", with: ["TestMedia/subtitles-multi.mp4"])
        #expect(!text.line.contains("--json"))
        for label in ["English SDH", "French (Forced)", "legible (alternate group 3)"] {
            #expect(text.output.stdout.contains(label), "\(label): \(text.output.stdout)")
        }

        let json = try readme.run("info", with: ["--json", "TestMedia/subtitles-multi.mp4"])
        let groups = try #require(json.output.jsonObject?["selectionGroups"] as? [[String: Any]], "\(json.output.stdout)")
        let legible = try #require(groups.first { $0["characteristic"] as? String == "legible" })
        #expect(legible["alternateGroup"] as? Int == 3)
        let options = legible["options"] as? [[String: Any]] ?? []
        #expect(options.count == 3)
        // ISO/IEC 23009-1 roles: `caption` is SDH, `forced-subtitle` forced-only (§5.8.5.5).
        let sdh = try #require(options.first { $0["displayName"] as? String == "English SDH" }, "\(options)")
        #expect(Set(sdh["characteristics"] as? [String] ?? []).isSuperset(of: Self.sdh))
        let forced = try #require(options.first { $0["language"] as? String == "fr" || $0["language"] as? String == "fra" }, "\(options)")
        #expect((forced["characteristics"] as? [String] ?? []).contains("public.subtitles.forced-only"), "\(forced)")
    }

    /// Job 3 on metadata-private.mov (location, make, model, artist written by exiftool): the dry
    /// run writes nothing and names what goes; the copy has none of them for ffprobe, keeps the
    /// authored title, and every stream's packets are unchanged.
    @Test func theSharingJobRemovesPrivateMetadata() throws {
        let readme = try ReadmeCommands()
        defer { readme.folder.remove() }
        let review = try readme.run("strip", with: ["--dry-run"])
        #expect(review.output.stdout.contains("remove"), "\(review.output.stdout)")
        #expect(review.output.stdout.contains("location"), "\(review.output.stdout)")

        let strip = try readme.run("strip", with: ["-o"])
        try #require(strip.output.status == 0, "\(strip.output.stderr)")
        let output = try readme.outputPath(of: strip)
        #expect(try readme.folder.contents().filter { !["TestMedia", "bin", "tmp"].contains($0) } == [])
        guard ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun("ffmpeg") else { return }
        let source = readme.folder.path("TestMedia/metadata-private.mov")
        let before = try Self.formatTags(source)
        let after = try Self.formatTags(output)
        for key in ["location", "com.apple.quicktime.location.ISO6709", "make", "model", "artist",
                    "com.apple.quicktime.camera.identifier"] {
            #expect(before[key] != nil, "the fixture has \(key)")
            #expect(after[key] == nil, "\(key) is still there: \(after)")
        }
        #expect(after["title"] == before["title"])
        for stream in try FFmpegReading.streams(source).map(\.index) {
            #expect(try FFmpegReading.framemd5(output, stream: stream) == FFmpegReading.framemd5(source, stream: stream))
        }
    }

    /// ffprobe's format-level tags of a file.
    static func formatTags(_ path: String) throws -> [String: String] {
        let run = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "json", path])
        try #require(run.status == 0, "\(run.stderr)")
        let format = try #require(run.jsonObject?["format"] as? [String: Any], "\(run.stdout)")
        return format["tags"] as? [String: String] ?? [:]
    }

    /// Every relative link of the README leads to a file or folder of the repository.
    @Test func everyLinkResolves() throws {
        let readme = try ReadmeCommands.readme
        let links = readme.matches(of: #/\]\(([^)\s]+)\)/#).map { String($0.output.1) }.filter { !$0.contains("://") }
        #expect(links.count >= 10)
        for link in links {
            let target = TestPaths.packageRoot.appendingPathComponent(String(link.split(separator: "#")[0]))
            #expect(FileManager.default.fileExists(atPath: target.path), "README links \(link)")
        }
    }
}
