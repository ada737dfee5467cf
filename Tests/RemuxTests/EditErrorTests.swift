import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing
import TimedText

/// Each refusal of the edit engine is an ``EditError`` case a program can match, its fields
/// the facts. demo.mov's tracks are as TestMedia/README.md lists them: 1 video, 2 English
/// sound (mdhd `eng`), 3 Spanish sound (`spa`), 4 Spanish `tx3g` subtitles; 4 s long.
@Suite struct EditErrorTests {
    static let demoTracks: [UInt32] = [1, 2, 3, 4]
    static let demoSoundTracks = [EditError.SoundTrack(id: 2, language: "eng"), EditError.SoundTrack(id: 3, language: "spa")]

    /// Writes `plan` from `movie` (demo.mov unless named) to a new file in a fresh folder.
    static func write(_ plan: EditPlan, from movie: String = "demo.mov") throws(EditError) {
        let folder: TemporaryFolder
        do { folder = try TemporaryFolder("edit-error") } catch { fatalError("no temporary folder: \(error)") }
        defer { folder.remove() }
        let editor: MovieEditor
        do throws(BoxError) {
            editor = try MovieEditor(path: RemuxFixtures.media(movie).path)
        } catch {
            throw .box(error)
        }
        _ = try editor.write(plan, to: folder.path("out.mov"))
    }

    static func cue(_ start: Int64, _ end: Int64, _ text: String = "Hello") -> Cue {
        Cue(start: .milliseconds(start), end: .milliseconds(end), text: CueText(text))
    }

    static func subtitles(_ cues: [Cue], language: String? = "en", follow: AudioTrackChoice? = nil,
                          forcedTwinOf twin: UInt32? = nil) throws -> EditPlan {
        let tag = try language.map { try LanguageTag(parsing: $0) }
        return EditPlan(subtitleTracks: [SubtitleTrackRequest(cues: cues, properties: TrackChanges(language: tag),
                                                              isForcedOnly: twin != nil, forcedTwinOf: twin.map(FullTrackChoice.track),
                                                              followedByAudio: follow)])
    }

    static func change(_ trackID: UInt32, _ changes: TrackChanges) -> EditPlan {
        EditPlan(trackChanges: [TrackChangeRequest(trackID: trackID, changes: changes)])
    }

    // MARK: tracks the plan names

    @Test func unknownTrack() {
        #expect(throws: EditError.unknownTrack(id: 99, available: Self.demoTracks)) {
            try Self.write(Self.change(99, TrackChanges(name: "X")))
        }
    }

    @Test func referenceToAnUnknownTrack() {
        let reference = TrackReference(type: "folw", trackIDs: [9])
        #expect(throws: EditError.unknownTrack(id: 9, available: Self.demoTracks)) {
            try Self.write(Self.change(2, TrackChanges(addedReferences: [reference])))
        }
    }

    @Test func followedTrackIsNotASoundTrack() throws {
        let plan = try Self.subtitles([Self.cue(0, 1000)], follow: .track(4))
        #expect(throws: EditError.notASoundTrack(id: 4, soundTracks: Self.demoSoundTracks)) { try Self.write(plan) }
    }

    @Test func followingTheAudioAutomaticallyNeedsALanguage() throws {
        let plan = try Self.subtitles([Self.cue(0, 1000)], language: nil, follow: .automatic)
        #expect(throws: EditError.followAudioNeedsLanguage) { try Self.write(plan) }
    }

    @Test func noSoundTrackInTheLanguage() throws {
        let plan = try Self.subtitles([Self.cue(0, 1000)], language: "de", follow: .automatic)
        #expect(throws: EditError.noSoundTrack(language: try LanguageTag(parsing: "de"), soundTracks: Self.demoSoundTracks)) {
            try Self.write(plan)
        }
    }

    @Test func forcedTwinOfASoundTrack() throws {
        let plan = try Self.subtitles([Self.cue(0, 1000)], language: "es", forcedTwinOf: 2)
        #expect(throws: EditError.forcedTwinNotSubtitle(trackID: 2)) { try Self.write(plan) }
    }

    @Test func forcedTwinInAnotherLanguage() throws {
        let plan = try Self.subtitles([Self.cue(0, 1000)], language: "fr", forcedTwinOf: 4)
        #expect(throws: EditError.forcedTwinLanguage(trackID: 4, trackLanguage: "spa", language: try LanguageTag(parsing: "fr"))) {
            try Self.write(plan)
        }
    }

    // MARK: track changes

    @Test func handlerChangeFromSound() {
        #expect(throws: EditError.unsupportedHandlerChange(trackID: 2, from: "soun", to: "sbtl")) {
            try Self.write(Self.change(2, TrackChanges(handler: "sbtl")))
        }
    }

    /// chapters.mov's track 3 is QuickTime text (TestMedia/README.md), not tx3g.
    @Test func handlerChangeOfQuickTimeText() {
        #expect(throws: EditError.handlerChangeNeedsTx3g(trackID: 3, format: "text")) {
            try Self.write(Self.change(3, TrackChanges(handler: "sbtl")), from: "chapters.mov")
        }
    }

    @Test func fittingASoundTrackToTheVideo() {
        #expect(throws: EditError.fitNeedsTx3g(trackID: 2, format: "mp4a")) {
            try Self.write(Self.change(2, TrackChanges(fitsTextBoxToVideo: true)))
        }
    }

    // MARK: new subtitle tracks

    @Test func subtitlesWithoutCues() throws {
        #expect(throws: EditError.noCues) { try Self.write(try Self.subtitles([])) }
    }

    @Test func cuePastTheEndIsRefusedOnRequest() throws {
        var plan = try Self.subtitles([Self.cue(0, 1000), Self.cue(3000, 5000)])
        plan.pastEnd = .refuse
        #expect(throws: EditError.cuePastEnd(number: 2, start: MediaTime.milliseconds(3000), end: MediaTime.milliseconds(5000),
                                             movieEnd: MediaTime.milliseconds(4000))) {
            try Self.write(plan)
        }
    }

    /// A tx3g sample's text has a 16-bit length (3GPP TS 26.245 §5.17): 70,000 bytes do not fit.
    @Test func cueTooLongForTx3gStaysASampleCodecError() throws {
        let plan = try Self.subtitles([Self.cue(0, 1000, String(repeating: "a", count: 70_000))])
        let error = #expect(throws: EditError.self) { try Self.write(plan) }
        guard case let .subtitleCodec(codec)? = error, case let .textTooLong(byteCount, limit) = codec.reason else {
            Issue.record("not a subtitle codec error: \(String(describing: error))")
            return
        }
        #expect(byteCount == 70_000)
        #expect(limit == 65_535)
    }

    // MARK: new chapter tracks

    @Test func emptyChapterList() {
        #expect(throws: EditError.noChapters) { try Self.write(EditPlan(chapters: ChapterTrackRequest(chapters: []))) }
    }

    @Test func firstChapterAfterZero() {
        let chapters = [Chapter(start: MediaTime.milliseconds(500), title: "Late")]
        #expect(throws: EditError.firstChapterNotAtZero(start: MediaTime.milliseconds(500))) {
            try Self.write(EditPlan(chapters: ChapterTrackRequest(chapters: chapters)))
        }
    }

    // MARK: the editor

    @Test func fragmentedMovieInPlace() throws {
        let folder = try TemporaryFolder("edit-error")
        defer { folder.remove() }
        let source = try folder.copy(RemuxFixtures.media("fragmented.mp4"), as: "fragmented.mp4")
        let editor = try MovieEditor(path: source, lock: .exclusive)
        #expect(throws: EditError.fragmentedMovie) { try editor.editInPlace(try Self.subtitles([Self.cue(0, 1000)])) }
    }

    @Test func outputThatIsTheSource() throws {
        let folder = try TemporaryFolder("edit-error")
        defer { folder.remove() }
        let source = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        let plan = try Self.subtitles([Self.cue(0, 1000)])
        #expect(throws: EditError.outputIsSource(path: source)) { _ = try MovieEditor(path: source).write(plan, to: source) }
    }

    @Test func inPlaceEditOfAMovieInMemory() throws {
        let url = RemuxFixtures.media("demo.mov")
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource([UInt8](Data(contentsOf: url)))))
        let plan = try Self.subtitles([Self.cue(0, 1000)])
        #expect(throws: EditError.inPlaceNeedsRewrite(.notAFile)) {
            _ = try MovieEditor(movie: movie, path: url.path).editInPlace(plan)
        }
    }

    /// The description names no command-line option: that advice is the command line's.
    @Test func descriptionsGiveNoCommandLineAdvice() throws {
        let errors: [EditError] = [
            .followAudioNeedsLanguage,
            .noSoundTrack(language: try LanguageTag(parsing: "de"), soundTracks: Self.demoSoundTracks),
            .handlerChangeNeedsTx3g(trackID: 3, format: "text"),
            .inPlaceNeedsRewrite(.removedBoxRunsToEnd(nil)),
            .inPlaceNeedsRewrite(.lastBoxTooLarge(nil)),
            .inPlaceNeedsRewrite(.movieDoesNotFit(size: 2_000, room: 1_996)),
            .inPlaceNeedsRewrite(.severalMovieBoxes),
            .inPlaceWriteFailed(BoxError(.io("disk full"), at: nil), outcome: .removedBytesNotErased),
            .inPlaceWriteFailed(BoxError(.io("disk full"), at: nil), outcome: .undoFailed(BoxError(.io("gone"), at: nil), path: "a.mov")),
        ]
        for error in errors {
            #expect(!error.description.contains("--"), "\(error)")
            #expect(!error.description.contains("-o "), "\(error)")
            #expect(!error.description.contains("legible "), "\(error)")
        }
    }
}
