import Foundation
import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Remux
import Testing

/// The in-memory write the edit fuzzer (Fuzz/EditFuzzer.swift) drives, from a movie read from
/// memory: the same bytes as the file a command writes, so what the fuzzer proves of it holds
/// for `-o`. (Built here by SwiftPM too, so the package API the fuzzer compiles against stays.)
@Suite struct InMemoryWriteTests {
    @Test(arguments: ["demo.mov", "chapters.mp4", "metadata-private.mov"])
    func memoryAndFileGiveTheSameBytes(_ name: String) throws {
        let folder = try TemporaryFolder("in-memory-write")
        defer { folder.remove() }
        let url = RemuxFixtures.media(name)
        let bytes = try [UInt8](Data(contentsOf: url))
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        var plan = EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()],
                            trackChanges: [TrackChangeRequest(trackID: 1, changes: TrackChanges(name: "Renamed"))],
                            metadataChanges: [MetadataChange(key: "title", action: .set(.text("In memory")))])
        plan.pastEnd = .clip

        var memory = ByteWriter()
        let report = try MovieEditor(movie: movie, path: url.path).write(plan, into: &memory)
        let output = folder.path("out." + url.pathExtension)
        _ = try MovieEditor(path: url.path).write(plan, to: output)
        #expect(memory.bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(report.fileSize == UInt64(memory.count))
        let walk = TopLevelWalk(memory.bytes)
        #expect(walk.brokenHeader == nil && walk.boxes.last?.end == memory.count)
    }
}
