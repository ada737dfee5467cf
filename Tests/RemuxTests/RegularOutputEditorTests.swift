import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Metadata
import Movie
import Remux
import Testing
import TimedText

/// An editor opened `forRegularOutput` gathers a fragmented movie's samples as it reads the
/// file, instead of parsing its fragments again for the write: the files it writes are the
/// bytes an editor that reads them again writes, for a strip, an added subtitle track and a
/// movie with boxes in its fragments; and what one refuses, the other refuses alike.
@Suite struct RegularOutputEditorTests {
    static var subtitles: SubtitleTrackRequest {
        get throws {
            SubtitleTrackRequest(cues: [Cue(start: .milliseconds(0), end: .milliseconds(1000), text: CueText("♪ music ♪"))],
                                 properties: TrackChanges(language: try LanguageTag(parsing: "en")))
        }
    }

    /// The bytes each editor writes for `plan`, or the error it throws.
    static func bothEditors(_ path: String, _ plan: EditPlan) throws -> (gathered: Result<[UInt8], EditError>, readAgain: Result<[UInt8], EditError>) {
        func written(_ editor: MovieEditor) -> Result<[UInt8], EditError> {
            var sink = ByteWriter()
            return Result { () throws(EditError) in
                _ = try editor.write(plan, into: &sink)
                return sink.bytes
            }
        }
        return (written(try MovieEditor(path: path, forRegularOutput: true)), written(try MovieEditor(path: path)))
    }

    static func plans(for path: String) throws -> [EditPlan] {
        let movie = try Movie.open(path: path)
        return [EditPlan(removal: MetadataRemoval(try SharingReview(movie: movie))), EditPlan(subtitleTracks: [try subtitles])]
    }

    @Test func aFragmentedMovieIsWrittenAlike() throws {
        let path = RemuxFixtures.media("fragmented.mp4").path
        for plan in try Self.plans(for: path) {
            let (gathered, readAgain) = try Self.bothEditors(path, plan)
            let bytes = try readAgain.get()
            #expect(try gathered.get() == bytes)
            // Written regular: no fragment left.
            #expect(try !FragmentedMovieCraft.topLevelTypes(bytes).contains("moof"))
        }
    }

    @Test func fragmentsHoldingPrivateBoxesAreWrittenAlike() throws {
        let folder = try TemporaryFolder("regular-output-private")
        defer { folder.remove() }
        let path = folder.path("private.mp4")
        let bytes = try FragmentedMovieCraft.withPrivateBoxes(try [UInt8](Data(contentsOf: RemuxFixtures.media("fragmented.mp4"))))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for plan in try Self.plans(for: path) {
            let (gathered, readAgain) = try Self.bothEditors(path, plan)
            #expect(try gathered.get() == readAgain.get())
        }
    }

    /// A `trun` whose data starts inside its `moof`, which the regular movie leaves out: both
    /// refuse it, with the same error.
    @Test func aRefusalIsTheSame() throws {
        let folder = try TemporaryFolder("regular-output-damaged")
        defer { folder.remove() }
        let path = folder.path("damaged.mp4")
        let damaged = try DamagedFragmentedMovie.runIntoItsOwnFragment(try [UInt8](Data(contentsOf: RemuxFixtures.media("fragmented.mp4"))))
        try Data(damaged.movie.bytes).write(to: URL(fileURLWithPath: path))
        let (gathered, readAgain) = try Self.bothEditors(path, EditPlan())
        guard case let .failure(expected) = readAgain else { Issue.record("the damaged movie was written"); return }
        guard case let .failure(error) = gathered else { Issue.record("the editor that gathered wrote it"); return }
        #expect(error.description == expected.description)
    }

    /// A regular movie: nothing to gather, the same file.
    @Test func aRegularMovieIsWrittenAlike() throws {
        let path = RemuxFixtures.media("demo.mp4").path
        let (gathered, readAgain) = try Self.bothEditors(path, EditPlan(subtitleTracks: [try Self.subtitles]))
        #expect(try gathered.get() == readAgain.get())
    }
}
