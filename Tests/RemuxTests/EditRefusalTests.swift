import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// Plans the engine must refuse, before it writes anything: each error says why, and neither
/// the source nor the output path is touched.
@Suite struct EditRefusalTests {
    /// Runs `attempt`, which must throw; returns the message and checks that `source` is
    /// unchanged and nothing is at `output`.
    func refusal(source: String, output: String?, _ attempt: () throws -> Void,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        var message = ""
        do {
            try attempt()
            Issue.record("expected an error", sourceLocation: sourceLocation)
        } catch {
            message = String(describing: error)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before, "the source changed", sourceLocation: sourceLocation)
        if let output {
            #expect(!FileManager.default.fileExists(atPath: output), "something was written to \(output)", sourceLocation: sourceLocation)
        }
        return message
    }

    static func englishSDH() throws -> EditPlan { EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()]) }

    /// A fragmented movie describes its samples in `moof`s, which an in-place edit does not
    /// rewrite; a new file of it is a regular movie.
    @Test func fragmentedMovieIsRefusedInPlace() throws {
        let folder = try TemporaryFolder("remux-refuse")
        defer { folder.remove() }
        let source = try folder.copy(RemuxFixtures.media("fragmented.mp4"), as: "fragmented.mp4")
        let editor = try MovieEditor(path: source)
        let inPlace = try refusal(source: source, output: nil) { _ = try editor.editInPlace(try Self.englishSDH()) }
        #expect(inPlace.contains("cannot be edited in place"), "\(inPlace)")
        _ = try editor.write(try Self.englishSDH(), to: folder.path("out.mp4"))
        let written = try Movie.open(path: folder.path("out.mp4"))
        #expect(!written.isFragmented)
    }

    /// However it is spelled, the source is not a place to write a new file over: the rename
    /// would replace the file being read.
    @Test(arguments: ["same path", "dot slash", "symbolic link", "hard link"])
    func outputThatIsTheSourceIsRefused(_ spelling: String) throws {
        let folder = try TemporaryFolder("remux-refuse")
        defer { folder.remove() }
        let source = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        let output: String
        switch spelling {
        case "dot slash": output = folder.url.path + "/./demo.mov"
        case "symbolic link":
            output = folder.path("link.mov")
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: source)
        case "hard link":
            output = folder.path("hard.mov")
            try FileManager.default.linkItem(atPath: source, toPath: output)
        default: output = source
        }
        let editor = try MovieEditor(path: source)
        let message = try refusal(source: source, output: nil) { _ = try editor.write(try Self.englishSDH(), to: output) }
        #expect(message.contains("is the source"), "\(message)")
        #expect(try folder.contents().filter { $0.hasPrefix(".") }.isEmpty, "a temporary file was left")
    }

    /// Requests that name a track the movie does not have, or one of the wrong kind: the error
    /// names the track.
    @Test(arguments: [
        ("forced twin of a missing track", UInt32(9)),
        ("audio to follow that is missing", 9),
        ("audio to follow that is a subtitle", 4),
        ("change of a missing track", 9),
        ("reference to a missing track", 9),
    ] as [(String, UInt32)])
    func unknownTrackIsNamed(_ request: String, trackID: UInt32) throws {
        let folder = try TemporaryFolder("remux-refuse")
        defer { folder.remove() }
        let source = RemuxFixtures.media("demo.mov").path
        var subtitle = try RemuxFixtures.englishSDHRequest()
        var changes: [TrackChangeRequest] = []
        switch request {
        case "forced twin of a missing track":
            subtitle.isForcedOnly = true
            subtitle.forcedTwinOf = .track(trackID)
        case "audio to follow that is missing", "audio to follow that is a subtitle":
            subtitle.followedByAudio = .track(trackID)
        case "change of a missing track":
            changes = [TrackChangeRequest(trackID: trackID, changes: TrackChanges(name: "Nobody"))]
        default:
            subtitle.properties.addedReferences = [TrackReference(type: TrackReference.selectionFollower, trackIDs: [trackID])]
        }
        let plan = EditPlan(subtitleTracks: [subtitle], trackChanges: changes)
        let output = folder.path("out.mov")
        let message = try refusal(source: source, output: output) { _ = try MovieEditor(path: source).write(plan, to: output) }
        #expect(message.contains("track \(trackID)"), "\(message)")
    }

    /// A chunk that points past the end of the file would, after an in-place append, read the
    /// appended bytes as its samples: both ways of writing refuse it, naming the track.
    @Test func chunkPastTheEndOfTheFileIsRefused() throws {
        let folder = try TemporaryFolder("remux-refuse")
        defer { folder.remove() }
        let source = try folder.copy(RemuxFixtures.media("demo.mp4"), as: "demo.mp4")
        let file = BoxTreeParser.parse(try FileByteSource(path: source))
        let traks = try #require(file.box("moov")).children("trak")
        let stco = try #require(traks.last?.descendant(["mdia", "minf", "stbl", "stco"])?.location)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let pastTheEnd = be32(UInt32(bytes.count + 4096))
        bytes.replaceSubrange(Int(stco.offset) + 16 ..< Int(stco.offset) + 20, with: pastTheEnd)
        try bytes.write(to: URL(fileURLWithPath: source))
        let editor = try MovieEditor(path: source)
        let inPlace = try refusal(source: source, output: nil) { _ = try editor.editInPlace(try Self.englishSDH()) }
        let message = "track \(traks.count)'s samples at 0x\(String(bytes.count + 4096, radix: 16)) run past the end of the file (\(bytes.count) bytes)"
        #expect(inPlace.contains(message), "\(inPlace)")
        let written = try refusal(source: source, output: folder.path("out.mp4")) {
            _ = try editor.write(try Self.englishSDH(), to: folder.path("out.mp4"))
        }
        #expect(written.contains(message), "\(written)")
    }
}
