import ElementaryStreams
import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing

/// A track of another movie added by the engine (``ImportedTrackRequest``): its packets are the
/// source's (ffmpeg's framemd5 of the new stream equals that of the source stream), every other
/// stream is unchanged, and it is placed as an audio alternate.
@Suite struct ImportedTrackTests {
    /// demo.mov's Spanish audio (stream 2) alone in an .m4a, made by ffmpeg, and the path.
    static func spanishAudio(in folder: TemporaryFolder) throws -> String {
        try ImportedStreamTests.stream("spanish.m4a", in: folder)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: ["demo.mov", "demo.mp4"])
    func theNewStreamHasTheSourcesPackets(_ name: String) throws {
        let folder = try TemporaryFolder("import-track")
        defer { folder.remove() }
        let audio = try Self.spanishAudio(in: folder)
        let properties = TrackChanges(language: try LanguageTag(parsing: "es"), name: "Español (descripción)",
                                      addedCharacteristics: [MediaCharacteristic.describesVideo])
        let request = ImportedTrackRequest(source: try Movie.open(path: audio), trackID: 1, properties: properties)
        let output = folder.path(name)
        let (pair, report) = try EditedPair.write(EditPlan(importedTracks: [request]), from: RemuxFixtures.media(name), to: output)
        #expect(report.addedTrackIDs == [5])
        try pair.expectSamplesIdentical()
        let before = try FFmpegReading.streams(RemuxFixtures.media(name).path)
        let after = try FFmpegReading.streams(output)
        #expect(after.count == before.count + 1)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.last?.codecType == "audio")
        #expect(after.last?.language == "spa")
        #expect(try FFmpegReading.framemd5(output, stream: before.count) == FFmpegReading.framemd5(audio, stream: 0))
        for stream in before.indices {
            #expect(try FFmpegReading.framemd5(output, stream: stream) == FFmpegReading.framemd5(RemuxFixtures.media(name).path, stream: stream))
        }
        let track = try pair.outputTrack(5)
        // demo's two sound tracks are in alternate group 1 (MP4Box -info: "Alternate Group ID 1").
        #expect(track.header.alternateGroup == 1)
        #expect(!track.isEnabled)
        #expect(track.userData.characteristics == [MediaCharacteristic.describesVideo])
        #expect(track.name == "Español (descripción)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aDefaultImportDisablesTheOtherSoundTracks() throws {
        let folder = try TemporaryFolder("import-default")
        defer { folder.remove() }
        let request = ImportedTrackRequest(source: try Movie.open(path: try Self.spanishAudio(in: folder)), trackID: 1,
                                           properties: TrackChanges(makesDefault: true))
        let (pair, _) = try EditedPair.write(EditPlan(importedTracks: [request]), from: RemuxFixtures.media("demo.mov"),
                                             to: folder.path("out.mov"))
        #expect(try pair.outputTrack(5).isEnabled)
        #expect(try !pair.outputTrack(2).isEnabled)
        // Video and subtitles are in other groups.
        #expect(try pair.outputTrack(1).isEnabled)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aFallbackIsNamedByTheTrackItReplaces() throws {
        let folder = try TemporaryFolder("import-fallback")
        defer { folder.remove() }
        let request = ImportedTrackRequest(source: try Movie.open(path: try Self.spanishAudio(in: folder)), trackID: 1, fallbackFor: 2)
        let (pair, _) = try EditedPair.write(EditPlan(importedTracks: [request]), from: RemuxFixtures.media("demo.mov"),
                                             to: folder.path("out.mov"))
        #expect(try pair.outputTrack(2).referencedTrackIDs(TrackReference.audioFallback) == [5])
        #expect(try !pair.outputTrack(2).isEnabled)
        #expect(try pair.outputTrack(5).isEnabled)
        #expect(try pair.outputTrack(5).header.alternateGroup == pair.outputTrack(2).header.alternateGroup)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aFallbackForADisabledTrackSaysWhichDefaultGaveWay() throws {
        let folder = try TemporaryFolder("import-fallback-disabled")
        defer { folder.remove() }
        // Track 3 (Spanish) is disabled and track 2 (English) enabled in group 1 (MP4Box -info).
        let request = ImportedTrackRequest(source: try Movie.open(path: try Self.spanishAudio(in: folder)), trackID: 1, fallbackFor: 3)
        let (pair, report) = try EditedPair.write(EditPlan(importedTracks: [request]), from: RemuxFixtures.media("demo.mov"),
                                                  to: folder.path("out.mov"))
        #expect(try pair.outputTrack(5).isEnabled)
        #expect(try !pair.outputTrack(2).isEnabled)
        #expect(report.diagnostics.contains { $0.hasPrefix("track 5: track 2 (eng) is disabled") })
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aQuickTimeSoundDescriptionIsWrittenAsAnMPEG4One() throws {
        let folder = try TemporaryFolder("import-sound-description")
        defer { folder.remove() }
        // demo.mov's Spanish audio (track 3) has a version 1 sound description with its esds in
        // a wave atom (legible boxes: mp4a > wave > frma, mp4a, esds).
        let source = RemuxFixtures.media("demo.mov").path
        let request = ImportedTrackRequest(source: try Movie.open(path: source), trackID: 3)
        let output = folder.path("out.mp4")
        let (pair, report) = try EditedPair.write(EditPlan(importedTracks: [request]), from: RemuxFixtures.media("demo.mp4"), to: output)
        #expect(report.diagnostics.contains { $0.contains("written as an MPEG-4 audio sample entry (version 0)") })
        // ffmpeg reads the same codec parameters (extradata) and packets from both.
        #expect(try FFmpegReading.framemd5(output, stream: 4) == FFmpegReading.framemd5(source, stream: 2))
        let entry = try #require(pair.outputTrack(5).box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first)
        #expect(entry.children.map(\.type).contains("esds"))
        #expect(!entry.children.map(\.type).contains("wave"))
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aFallbackJoinsItsPartnersGroupWhereverItIs() throws {
        let folder = try TemporaryFolder("import-fallback-group")
        defer { folder.remove() }
        // Track 3 moved to group 5 first (the plan's track changes come before new tracks).
        var plan = EditPlan(trackChanges: [TrackChangeRequest(trackID: 3, changes: TrackChanges(alternateGroup: .number(5)))])
        plan.importedTracks = [ImportedTrackRequest(source: try Movie.open(path: try Self.spanishAudio(in: folder)), trackID: 1,
                                                    properties: TrackChanges(alternateGroup: .number(1)), fallbackFor: 3)]
        let (pair, _) = try EditedPair.write(plan, from: RemuxFixtures.media("demo.mov"), to: folder.path("out.mov"))
        #expect(try pair.outputTrack(5).header.alternateGroup == 5)
        #expect(try pair.outputTrack(5).isEnabled && !pair.outputTrack(3).isEnabled)
        // Group 1's English track is not the partner's alternate and stays enabled.
        #expect(try pair.outputTrack(2).isEnabled)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aFragmentedTargetIsWrittenRegularNotKeptFragmented() throws {
        let folder = try TemporaryFolder("import-into-fragmented")
        defer { folder.remove() }
        let audio = try Self.spanishAudio(in: folder)
        let target = RemuxFixtures.media("fragmented.mp4").path
        let plan = EditPlan(importedTracks: [ImportedTrackRequest(source: try Movie.open(path: audio), trackID: 1)])
        #expect(throws: EditError.cannotKeepFragments(.importedTracks)) {
            try MovieEditor(path: target).write(plan, to: folder.path("kept.mp4"), keepingFragments: true)
        }
        let output = folder.path("regular.mp4")
        _ = try MovieEditor(path: target).write(plan, to: output)
        let before = try FFmpegReading.streams(target)
        #expect(try FFmpegReading.streams(output).count == before.count + 1)
        #expect(try FFmpegReading.framemd5(output, stream: before.count) == FFmpegReading.framemd5(audio, stream: 0))
    }

    /// A fragmented source's track (samples in `moof`s only, `empty_moov`) is copied into the
    /// new track's ordinary tables: ffmpeg reads the same packets from the output as from the
    /// source, every one of them. (FFmpeg 5.1 takes some packet durations of a fragmented file
    /// from elsewhere than its `trun`s, so durations are compared through the decode times.)
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: ["demo.mov", "demo.mp4"], [UInt32(1), 2])
    func aFragmentedSourcesTrackIsCopiedFromItsFragments(_ name: String, trackID: UInt32) throws {
        let folder = try TemporaryFolder("import-fragmented")
        defer { folder.remove() }
        let source = RemuxFixtures.media("fragmented.mp4").path
        let output = folder.path(name)
        let fragmented = try Movie.open(path: source)
        // Its audio lasts 21 ms longer than the movie: extended, so that no packet is clipped.
        var plan = EditPlan(importedTracks: [ImportedTrackRequest(source: fragmented, trackID: trackID)])
        plan.pastEnd = .extend
        let (_, report) = try EditedPair.write(plan, from: RemuxFixtures.media(name), to: output)
        #expect(report.addedTrackIDs == [5])
        let written = try Movie.open(path: output)
        let added = try #require(written.track(id: 5))
        #expect(written.isFragmented == false)
        #expect(try added.sampleTable().count == fragmented.samples(of: #require(fragmented.track(id: trackID)), maxSamples: 10_000).count)
        #expect(try FFmpegReading.withoutPacketDurations(FFmpegReading.framemd5(output, stream: 4))
            == FFmpegReading.withoutPacketDurations(FFmpegReading.framemd5(source, stream: Int(trackID) - 1)))
    }

    /// A fragmented source whose track fragments of track 2 carry `boxes`, written into
    /// `demo.mov` as track 5 (its packets checked to be the source's): the diagnostics, the
    /// source and the output.
    private static func importFragments(with boxes: [TestBox], in folder: TemporaryFolder) throws -> (diagnostics: [String], source: String, output: String) {
        var bytes = try [UInt8](Data(contentsOf: RemuxFixtures.media("fragmented.mp4")))
        for box in boxes { bytes = try FragmentedMovieCraft.withBox(box, inFragmentsOf: 2, of: bytes) }
        let source = folder.path("grouped.mp4"), output = folder.path("out.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        var plan = EditPlan(importedTracks: [ImportedTrackRequest(source: try Movie.open(path: source), trackID: 2)])
        plan.pastEnd = .extend
        let (_, report) = try EditedPair.write(plan, from: RemuxFixtures.media("demo.mov"), to: output)
        #expect(try FFmpegReading.withoutPacketDurations(FFmpegReading.framemd5(output, stream: 4))
            == FFmpegReading.withoutPacketDurations(FFmpegReading.framemd5(source, stream: 1)))
        return (report.diagnostics, source, output)
    }

    /// MP4Box's `-diso` dump of `path`, one string per `<TrackBox`, and the rest before them.
    private static func dumpedTracks(_ path: String, in folder: TemporaryFolder) throws -> [String] {
        let dump = folder.path("dump-\(URL(fileURLWithPath: path).lastPathComponent).xml")
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-quiet", "-diso", path, "-out", dump])
        try #require(result.status == 0, "MP4Box: \(result.stderr)")
        return try String(contentsOfFile: dump, encoding: .utf8).components(separatedBy: "<TrackBox ")
    }

    /// A track fragment's own sample group descriptions (`sgpd`, ISO/IEC 14496-12 §8.9.3) and
    /// its samples' groups (`sbgp`, §8.9.2, index 0x10001: the fragment's first description,
    /// §8.9.4) go into the new track's `stbl`: MP4Box reads one `roll` description (-1, the
    /// fragments' one, met in each) and, as the first sample of each of the source's fragments
    /// of the track, a sample in group 1.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func aFragmentsSampleGroupsGoIntoTheSampleTable() throws {
        let folder = try TemporaryFolder("import-fragment-groups")
        defer { folder.remove() }
        // Version 1, grouping type 'roll', default length 2, one entry: roll_distance -1.
        let sgpd = TestBox.leaf("sgpd", [1, 0, 0, 0] + ascii("roll") + be32(2) + be32(1) + [0xFF, 0xFF])
        // Version 0, grouping type 'roll', one entry: 1 sample in the fragment's description 1.
        let sbgp = TestBox.leaf("sbgp", [0, 0, 0, 0] + ascii("roll") + be32(1) + be32(1) + be32(0x10001))
        let (diagnostics, source, output) = try Self.importFragments(with: [sgpd, sbgp], in: folder)
        #expect(!diagnostics.contains { $0.contains("sgpd") || $0.contains("sbgp") }, "\(diagnostics)")
        let fragments = try Self.dumpedTracks(source, in: folder).joined()
            .components(separatedBy: "<TrackFragmentHeaderBox ").dropFirst().filter { $0.contains("TrackID=\"2\"") }.count
        try #require(fragments > 1)
        let track = try #require(try Self.dumpedTracks(output, in: folder).last)
        #expect(track.components(separatedBy: "<RollRecoveryEntry roll_distance=\"-1\"").count - 1 == 1, "\(track)")
        #expect(track.components(separatedBy: "group_description_index=\"1\"").count - 1 == fragments, "\(track)")
        #expect(!track.contains("group_description_index=\"65537\""), "\(track)")
    }

    /// What a fragmented source's track fragments say of their samples beyond timing, sizes,
    /// sync and sample groups — here dependencies (`sdtp`, ISO/IEC 14496-12 §8.6.4) — is named
    /// as not copied; the samples are.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func aFragmentsDependenciesAreNamedAsNotCopied() throws {
        let folder = try TemporaryFolder("import-fragment-sdtp")
        defer { folder.remove() }
        let sdtp = TestBox.leaf("sdtp", [0, 0, 0, 0, 0x10])
        let (diagnostics, _, _) = try Self.importFragments(with: [sdtp], in: folder)
        #expect(diagnostics.contains { $0.contains("fragments' 'sdtp'") && $0.contains("not copied") }, "\(diagnostics)")
    }

    /// A movie fragment whose samples name a sample description the track's `stsd` does not
    /// have (here through `trex`'s default, ISO/IEC 14496-12 §8.8.3) is refused, naming the sample.
    @Test func aFragmentNamingAMissingSampleDescriptionIsRefused() throws {
        let folder = try TemporaryFolder("import-fragment-description")
        defer { folder.remove() }
        var bytes = try [UInt8](Data(contentsOf: RemuxFixtures.media("fragmented.mp4")))
        // Every `trex`: size, type, version and flags, track ID, then the default description index.
        var patched = 0
        for index in bytes.indices.dropLast(20) where bytes[index..<index + 4].elementsEqual("trex".utf8) {
            bytes.replaceSubrange(index + 12..<index + 16, with: [0, 0, 0, 2])
            patched += 1
        }
        try #require(patched == 2)
        let source = folder.path("two-descriptions.mp4")
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        let request = ImportedTrackRequest(source: try Movie.open(path: source), trackID: 2)
        let error = try #require(throws: EditError.self) {
            try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(importedTracks: [request]), to: folder.path("out.mov"))
        }
        guard case let .cannotImportTrack(trackID, .unreadable(file, boxError)) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(trackID == 2 && file == source)
        #expect(boxError.message.contains("track 2 sample 1 (in a movie fragment) has sample description 2, but its stsd has 1"), "\(boxError.message)")
        #expect(boxError.location?.path.hasSuffix("stsd") == true, "\(String(describing: boxError.location))")
        #expect(try folder.contents() == ["two-descriptions.mp4"])
    }

    @Test func aMissingSourceTrackIsNamed() throws {
        let folder = try TemporaryFolder("import-missing")
        defer { folder.remove() }
        let request = ImportedTrackRequest(source: try Movie.open(path: RemuxFixtures.media("demo.mp4").path), trackID: 9)
        #expect(throws: EditError.unknownSourceTrack(id: 9, available: [1, 2, 3, 4])) {
            try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(importedTracks: [request]), to: folder.path("out.mov"))
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: ["demo.mov", "demo.mp4"])
    func inPlaceTheChunksAndMovieAreAppended(_ name: String) throws {
        let folder = try TemporaryFolder("import-in-place")
        defer { folder.remove() }
        let movie = try folder.copy(RemuxFixtures.media(name), as: name)
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        let audio = try Self.spanishAudio(in: folder), raw = try ImportedStreamTests.stream("spanish.ac3", in: folder)
        let plan = EditPlan(importedTracks: [ImportedTrackRequest(source: try Movie.open(path: audio), trackID: 1),
                                             ImportedTrackRequest(.stream(try ElementaryStreamReader.read(path: raw)))])
        let report = try MovieEditor(path: movie, lock: .exclusive).editInPlace(plan)
        #expect(report.addedTrackIDs == [5, 6])
        let after = try Data(contentsOf: URL(fileURLWithPath: movie))
        // The source's bytes stay where they were (but the old moov's type, now 'free'), the
        // rest is appended: as many bytes as the report says.
        #expect(UInt64(after.count) == UInt64(before.count) + report.bytesWritten)
        #expect(zip(before, after).filter { $0 != $1 }.count <= 4)
        let streams = try FFmpegReading.streams(movie)
        #expect(streams.count == 6)
        #expect(try FFmpegReading.framemd5(movie, stream: 4) == FFmpegReading.framemd5(audio, stream: 0))
        #expect(try ImportedStreamTests.packets(movie, stream: 5, input: ["-ignore_editlist", "1"]) == ImportedStreamTests.packets(raw, stream: 0))
        for stream in 0..<4 {
            #expect(try FFmpegReading.framemd5(movie, stream: stream) == FFmpegReading.framemd5(RemuxFixtures.media(name).path, stream: stream))
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func inPlaceStoppedBeforeTheSwitchLeavesTheOldMovie() throws {
        let folder = try TemporaryFolder("import-in-place-stop")
        defer { folder.remove() }
        let movie = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        let plan = EditPlan(importedTracks: [ImportedTrackRequest(source: try Movie.open(path: try Self.spanishAudio(in: folder)), trackID: 1)])
        _ = try MovieEditor(path: movie, lock: .exclusive).editInPlace(plan, progress: nil, stoppingAfter: .retireStaleMovies)
        // As a crash there would leave it: the samples and moov appended, the old moov still read.
        #expect(try FFmpegReading.streams(movie) == FFmpegReading.streams(RemuxFixtures.media("demo.mov").path))
    }
}
