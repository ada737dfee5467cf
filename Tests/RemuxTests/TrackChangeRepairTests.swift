import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// clean.mov (TestMedia/rules) with byte patches that undo what Legible's writer did to its
/// subtitle track 5, so that `set-track`'s repairs have something to repair. The offsets come
/// from reading the file; the patches themselves are spelled out from the box layouts (QTFF).
struct PatchedCleanMovie {
    static let source = RemuxFixtures.media("rules/clean.mov")
    static let subtitle: UInt32 = 5, chapterText: UInt32 = 4, video: UInt32 = 1

    let movie: Movie
    var bytes: [UInt8]

    init() throws {
        movie = try Movie.open(path: Self.source.path)
        bytes = [UInt8](try Data(contentsOf: Self.source))
    }

    func box(_ track: UInt32, _ path: [FourCC]) throws -> Box {
        let trak = try #require(movie.track(id: track)).box
        return try #require(path.isEmpty ? trak : trak.descendant(path), "track \(track) has no \(path)")
    }

    func offset(_ box: Box) throws -> Int { Int(try #require(box.location, "\(box.type) has no location").offset) }

    mutating func put(_ patch: [UInt8], at offset: Int) { bytes.replaceSubrange(offset..<(offset + patch.count), with: patch) }

    func save(in folder: TemporaryFolder, as name: String) throws -> String {
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Turns track 5 into a QuickTime text track: hdlr component subtype (offset 16 of the
    /// `hdlr`, QTFF "Handler reference atom") `text`; with `baseMediaHeader`, also text media's
    /// `gmhd` — `gmin` (graphics mode 0x40, opcolor 0x8000 ×3, balance 0) and a `text` atom
    /// holding the identity matrix (QTFF "Base media information header atom", "Text media
    /// information atom") — in place of `nmhd`. The grown `moov` is appended and the old one
    /// becomes `free`, so no chunk offset changes.
    mutating func makeSubtitleQuickTimeText(baseMediaHeader: Bool) throws {
        put(ascii("text"), at: try offset(box(Self.subtitle, ["mdia", "hdlr"])) + 16)
        guard baseMediaHeader else { return }
        let identity: [UInt32] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000]
        let gmhd = TestBox.container("gmhd", [
            CraftedMovie.fullBox("gmin", be16(0x40) + be16(0x8000) + be16(0x8000) + be16(0x8000) + be16(0) + be16(0)),
            .leaf("text", identity.flatMap(be32)),
        ]).bytes
        let moov = movie.movieBox
        let start = try offset(moov), end = start + Int(moov.totalSize)
        var grown = Array(bytes[start..<end])
        let nmhd = try offset(box(Self.subtitle, ["mdia", "minf", "nmhd"])) - start
        for container in [moov, try box(Self.subtitle, []), try box(Self.subtitle, ["mdia"]), try box(Self.subtitle, ["mdia", "minf"])] {
            let at = try offset(container) - start
            let size = grown[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            grown.replaceSubrange(at..<(at + 4), with: be32(size + UInt32(gmhd.count - 12)))
        }
        grown.replaceSubrange(nmhd..<(nmhd + 12), with: gmhd)
        put(ascii("free"), at: start + 4)
        bytes += grown
    }
}

/// The repairs `legible check --fix` asks `set-track` for: a QuickTime text track of `tx3g`
/// samples made a subtitle track again, a subtitle track placed over the video again, and a
/// NUL-padded media characteristic replaced by the proper one.
@Suite struct TrackChangeRepairTests {
    static let offsetTables: Set<FourCC> = ["stco", "co64"]

    func write(_ changes: TrackChanges, to track: UInt32, of source: String, in folder: TemporaryFolder,
               as name: String) throws -> EditedPair {
        let plan = EditPlan(trackChanges: [TrackChangeRequest(trackID: track, changes: changes)])
        return try EditedPair.write(plan, from: URL(fileURLWithPath: source), to: folder.path(name)).0
    }

    /// The message of the error `changes` make the engine throw.
    func refusal(_ changes: TrackChanges, to track: UInt32, of source: String, in folder: TemporaryFolder,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        do {
            _ = try write(changes, to: track, of: source, in: folder, as: "refused.mov")
            Issue.record("expected an error", sourceLocation: sourceLocation)
        } catch let error as EditError {
            #expect(!FileManager.default.fileExists(atPath: folder.path("refused.mov")), sourceLocation: sourceLocation)
            return error.description
        }
        return ""
    }

    /// `ffmpeg -i F -map 0 -c copy -f framemd5 -`: every stream's packets, the `#software` line aside.
    static func framemd5(_ path: String) throws -> [String] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0",
                                                     "-c", "copy", "-f", "framemd5", "-"])
        try #require(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#software") }
    }

    // MARK: --handler

    /// A `text` track of `tx3g` samples becomes `sbtl` with `nmhd` again (QTFF "Subtitle
    /// media"; QTFF gives subtitle media no header of its own, `gmhd` is text media's, so
    /// ISO/IEC 14496-12 §8.4.5.2's `nmhd` applies): the result is clean.mov's own `moov`, the
    /// packets are untouched, and ffprobe and MP4Box see a subtitle track with handler `sbtl`.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun(at: TestPaths.mp4Box)),
          arguments: [false, true])
    func quickTimeTextTrackOfTx3gBecomesSubtitleTrack(baseMediaHeader: Bool) throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        var patched = try PatchedCleanMovie()
        try patched.makeSubtitleQuickTimeText(baseMediaHeader: baseMediaHeader)
        let source = try patched.save(in: folder, as: "text.mov")
        let input = try Movie.open(path: source)
        #expect(try #require(input.track(id: PatchedCleanMovie.subtitle)).handler?.handlerType == "text")
        let before = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", source])
        #expect((before.stdout + before.stderr).contains("Sample Description #1 - text:tx3g"), "\(before.stdout)\(before.stderr)")

        let pair = try write(TrackChanges(handler: "sbtl"), to: PatchedCleanMovie.subtitle, of: source, in: folder, as: "sbtl.mov")
        try pair.expectSamplesIdentical()
        let track = try pair.outputTrack(PatchedCleanMovie.subtitle)
        let handler = try #require(track.handler)
        #expect(handler.handlerType == "sbtl")
        #expect(handler.componentType == "mhlr")
        #expect(handler.nameForm == .pascal)
        #expect(track.box.descendant(["mdia", "minf"])?.children.map(\.type) == ["nmhd", "dinf", "stbl"])
        #expect(track.mediaType == .subtitle)
        let clean = try Movie.open(path: PatchedCleanMovie.source.path)
        #expect(try BoxTreeDiff.paths(clean.movieBox, pair.output.movieBox, ignoring: Self.offsetTables).isEmpty)

        let output = folder.path("sbtl.mov")
        let streams = try FFmpegReading.streams(output)
        #expect(streams == (try FFmpegReading.streams(PatchedCleanMovie.source.path)))
        #expect(streams.last?.codecType == "subtitle")
        #expect(try Self.framemd5(output) == Self.framemd5(source))
        let after = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", output])
        #expect((after.stdout + after.stderr).contains("Sample Description #1 - sbtl:tx3g"), "\(after.stdout)\(after.stderr)")
    }

    /// The handler a track has already changes nothing.
    @Test func handlerTheTrackHasIsNoChange() throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        let pair = try write(TrackChanges(handler: "sbtl"), to: PatchedCleanMovie.subtitle,
                             of: PatchedCleanMovie.source.path, in: folder, as: "same.mov")
        #expect(try BoxTreeDiff.paths(pair.source.movieBox, pair.output.movieBox, ignoring: Self.offsetTables).isEmpty)
    }

    /// QuickTime text samples are not tx3g samples (QTFF "Text sample description" vs
    /// "Subtitle sample description"): chapters.mov's track 3 is refused, as are other handlers.
    @Test func otherHandlerChangesAreRefused() throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        let chapters = RemuxFixtures.media("chapters.mov").path
        let text = try refusal(TrackChanges(handler: "sbtl"), to: 3, of: chapters, in: folder)
        #expect(text == "track 3's samples are QuickTime text ('text'), not tx3g",
                "\(text)")
        let video = try refusal(TrackChanges(handler: "vide"), to: PatchedCleanMovie.subtitle,
                                of: PatchedCleanMovie.source.path, in: folder)
        #expect(video.contains("track 5's handler is 'sbtl', and 'vide' was asked for"), "\(video)")
        let audio = try refusal(TrackChanges(handler: "sbtl"), to: 2, of: PatchedCleanMovie.source.path, in: folder)
        #expect(audio.contains("track 2's handler is 'soun'"), "\(audio)")
    }

    // MARK: --fit-to-video

    /// Track 5 moved off-screen (tkhd height 90, translation 200: version-0 `tkhd` payload
    /// offsets 68 for the matrix's ty, 80 for the height, ISO/IEC 14496-12 §8.3.2) is put back
    /// where QTFF "Subtitle track header size and placement" says: the video's width, 0.15 × its
    /// height, translated down to end where the video ends (0.85 × the height). The default text
    /// box "must fill the track header dimensions exactly" (QTFF "Default text box") and has
    /// whole-pixel edges, so the height is 0.15 × 90 in whole pixels. The same answer comes
    /// from clean.mov's box (0, 0, 13, 160) and from an empty box (FFmpeg's zeros, offset 26 of
    /// the `tx3g` entry), which stands for that area.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun(at: TestPaths.mp4Box)),
          arguments: [false, true])
    func offScreenSubtitleTrackIsFittedToTheVideo(emptyTextBox: Bool) throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        var patched = try PatchedCleanMovie()
        let tkhd = try patched.offset(patched.box(PatchedCleanMovie.subtitle, ["tkhd"]))
        patched.put(be32(200 << 16), at: tkhd + 8 + 68)
        patched.put(be32(90 << 16), at: tkhd + 8 + 80)
        if emptyTextBox {
            let entry = try patched.offset(patched.box(PatchedCleanMovie.subtitle, ["mdia", "minf", "stbl", "stsd", "tx3g"]))
            patched.put([UInt8](repeating: 0, count: 8), at: entry + 26)
        }
        let source = try patched.save(in: folder, as: "off-screen.mov")
        #expect(try #require(Movie.open(path: source).track(id: PatchedCleanMovie.subtitle)).header.matrix.y == 200 << 16)

        let pair = try write(TrackChanges(fitsTextBoxToVideo: true), to: PatchedCleanMovie.subtitle, of: source, in: folder, as: "fitted.mov")
        let video = try #require(pair.source.track(id: PatchedCleanMovie.video)).header
        let videoWidth = Int(video.width >> 16), videoHeight = Int(video.height >> 16)
        #expect((videoWidth, videoHeight) == (160, 90))
        let height = videoHeight * 15 / 100, translation = videoHeight - height
        let header = try pair.outputTrack(PatchedCleanMovie.subtitle).header
        #expect(header.width == UInt32(videoWidth) << 16)
        #expect(header.height == UInt32(height) << 16)
        var matrix = TransformationMatrix.identity
        matrix.y = Int32(translation) << 16
        #expect(header.matrix == matrix)
        #expect(try BoxTreeDiff.paths(pair.source.movieBox, pair.output.movieBox, ignoring: Self.offsetTables) == ["moov/trak[4]/tkhd"])

        let output = folder.path("fitted.mov")
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", output])
        #expect((info.stdout + info.stderr).contains("Size \(videoWidth) x \(height) - Translation X=0 Y=\(translation)"), "\(info.stdout)\(info.stderr)")
        #expect(try FFmpegReading.streams(output) == FFmpegReading.streams(source))
    }

    /// Only a tx3g track has a default text box, and only a movie with video something to fit it to.
    @Test func fittingIsRefusedWithoutTx3gOrVideo() throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        let clean = PatchedCleanMovie.source.path
        let text = try refusal(TrackChanges(fitsTextBoxToVideo: true), to: PatchedCleanMovie.chapterText, of: clean, in: folder)
        #expect(text.contains("track 4's samples are 'text', not tx3g"), "\(text)")
        var patched = try PatchedCleanMovie()
        patched.put(ascii("none"), at: try patched.offset(patched.box(PatchedCleanMovie.video, ["mdia", "hdlr"])) + 16)
        let videoless = try patched.save(in: folder, as: "videoless.mov")
        let noVideo = try refusal(TrackChanges(fitsTextBoxToVideo: true), to: PatchedCleanMovie.subtitle, of: videoless, in: folder)
        #expect(noVideo.contains("the movie has no video track to fit track 5's text box to"), "\(noVideo)")
    }

    // MARK: characteristics padded with NUL

    /// The `tagc` payloads of a track, as stored.
    static func tags(of track: Track) throws -> [[UInt8]] {
        try (track.box.child("udta")?.children("tagc") ?? []).map { Array(try $0.loaded().data ?? []) }
    }

    /// A `tagc` of "public.easy-to-read" and a NUL — QTFF's tag has no terminator and players
    /// compare tags exactly — made by patching the `~` of one the writer added as
    /// "public.easy-to-read~" (`~` is a legal tag character).
    func paddedTag(in folder: TemporaryFolder) throws -> String {
        let tilde = MediaCharacteristic.easyToRead + "~"
        let tagged = try write(TrackChanges(addedCharacteristics: [tilde]), to: PatchedCleanMovie.subtitle,
                               of: PatchedCleanMovie.source.path, in: folder, as: "tilde.mov")
        var bytes = tagged.outputBytes
        let needle = Array(tilde.utf8)
        let starts = bytes.indices.dropLast(needle.count - 1).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        let start = try #require(starts.count == 1 ? starts.first : nil, "\(starts.count) copies of the tag")
        bytes[start + needle.count - 1] = 0
        let path = folder.path("padded.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let track = try #require(Movie.open(path: path).track(id: PatchedCleanMovie.subtitle))
        #expect(try Self.tags(of: track) == [Array(MediaCharacteristic.easyToRead.utf8) + [0]])
        return path
    }

    /// Removing and adding the characteristic turns "X\0" into "X".
    @Test func paddedCharacteristicIsReplacedByTheExactOne() throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        let padded = try paddedTag(in: folder)
        let both = TrackChanges(addedCharacteristics: [MediaCharacteristic.easyToRead],
                                removedCharacteristics: [MediaCharacteristic.easyToRead])
        let pair = try write(both, to: PatchedCleanMovie.subtitle, of: padded, in: folder, as: "fixed.mov")
        #expect(try Self.tags(of: pair.outputTrack(PatchedCleanMovie.subtitle)) == [Array(MediaCharacteristic.easyToRead.utf8)])
    }

    /// Alone, removal takes "X\0" away and addition adds "X" beside it (the padded tag is not X).
    @Test func paddedCharacteristicIsRemovedAndIsNotThePresentOne() throws {
        let folder = try TemporaryFolder("remux-repair")
        defer { folder.remove() }
        let padded = try paddedTag(in: folder)
        let removed = try write(TrackChanges(removedCharacteristics: [MediaCharacteristic.easyToRead]),
                                to: PatchedCleanMovie.subtitle, of: padded, in: folder, as: "removed.mov")
        #expect(try Self.tags(of: removed.outputTrack(PatchedCleanMovie.subtitle)).isEmpty)
        let added = try write(TrackChanges(addedCharacteristics: [MediaCharacteristic.easyToRead]),
                              to: PatchedCleanMovie.subtitle, of: padded, in: folder, as: "added.mov")
        let name = Array(MediaCharacteristic.easyToRead.utf8)
        #expect(try Self.tags(of: added.outputTrack(PatchedCleanMovie.subtitle)) == [name + [0], name])
    }
}
