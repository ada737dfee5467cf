import Foundation
import LegibleTestSupport
import Testing

/// Every source of TestMedia/import/ (``ImportSource``) added to demo.mov and demo.mp4, read by
/// the other independent readers: MP4Box `-info` shows its language, the audio alternate group
/// and, for audio description, the `tagc` value, and `-diso` the source's sample groups; MediaInfo lists it with its language;
/// GStreamer's `gst-discoverer-1.0` finds a decoder for it (no missing plugin) and its language.
@Suite(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("mediainfo")
    && ExternalTool.shouldRun("gst-discoverer-1.0")))
struct AddTrackReadersTests {
    @Test(arguments: ImportSource.all, ImportSource.targets)
    func readersSeeTheNewTrack(_ source: ImportSource, _ target: String) throws {
        guard source.fits(target) else { return }
        let folder = try TemporaryFolder("add-track-readers")
        defer { folder.remove() }
        let (result, output) = try AddTrackInteropTests.add(source, to: target, .newFile, in: folder)
        try #require(result.status == 0, "\(result.stderr)")

        let box = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", output])
        try #require(box.status == 0, "MP4Box: \(box.stderr)")
        let info = box.stdout + box.stderr
        let language = info.split(separator: "\n").first { $0.hasPrefix("Media Language:") }
        #expect(language?.hasSuffix("(\(source.iso639))") == true, "\(info)")
        #expect(info.contains("Alternate Group ID 1"), "\(info)")
        #expect(info.contains("tagc: public.accessibility.describes-video") == source.describesVideo, "\(info)")

        // Sample groups go with the samples (AAC's roll, ISO/IEC 14496-12 §10.1): the new track
        // (the dump's last) has the groups MP4Box reads in the source, and a raw stream none.
        let groups = try Regex(#"<(SampleGroupDescriptionBox|SampleGroupBox|SampleGroupBoxEntry|RollRecoveryEntry) [^>]*>"#)
        // (MP4Box dumps beside its input: the source is copied into the folder first.)
        let sourceGroups = source.isRawStream ? [] : try AddTrackInteropTests.dump(folder.copy(URL(fileURLWithPath: source.path), as: "source-" + source.file))
            .matches(of: groups).map { String($0.output[0].substring ?? "") }
        let newTrack = try AddTrackInteropTests.dump(output).components(separatedBy: "<TrackBox").last ?? ""
        #expect(newTrack.matches(of: groups).map { String($0.output[0].substring ?? "") } == sourceGroups)
        #expect(sourceGroups.isEmpty == !["described.m4a", "dub-edit.mp4"].contains(source.file))

        let media = try ExternalTool.run("mediainfo", ["--Output=JSON", output])
        try #require(media.status == 0, "mediainfo: \(media.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: media.stdoutData) as? [String: Any])
        let tracks = try #require((json["media"] as? [String: Any])?["track"] as? [[String: Any]])
        let sounds = tracks.filter { $0["@type"] as? String == "Audio" }
        #expect(sounds.count == 3)
        #expect(sounds.last?["Language"] as? String == source.language, "\(sounds.last ?? [:])")

        let discovered = try ExternalTool.run("gst-discoverer-1.0", ["-t", "60", URL(fileURLWithPath: output).absoluteString])
        try #require(discovered.status == 0, "gst-discoverer-1.0: \(discovered.stderr)")
        #expect(!discovered.stdout.contains("Missing plugins"), "\(discovered.stdout)")
        // Each stream's block: "audio #N: codec", then its indented properties; the new track last.
        var audio: [[String]] = [], inAudio = false
        for line in discovered.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.range(of: #"^[a-z]+ #[0-9]+:"#, options: .regularExpression) != nil {
                inAudio = line.hasPrefix("audio #")
                if inAudio { audio.append([line]) }
            } else if inAudio {
                audio[audio.count - 1].append(line)
            }
        }
        #expect(audio.count == 3)
        #expect(audio.last?.contains("Language: \(source.language)") == true, "\(discovered.stdout)")
    }
}
