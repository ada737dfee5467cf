import Foundation
import LegibleTestSupport
import Testing
@testable import legible

/// The order `batch` gives its jobs (`legible batch --help`: "A job that names a file another job writes"), from the
/// paths a manifest names: a writer by `output` before every job naming that file, wherever it
/// stands; edits of one file in manifest order; readers of one file side by side.
@Suite struct JobOrderTests {
    static func order(_ lines: [String], in folder: TemporaryFolder) -> JobOrder {
        JobOrder(BatchManifest(text: lines.joined(separator: "\n")).jobs.map { JobFiles(job: $0, folder: folder.url.path) })
    }

    @Test func pathsAreStandardisedWithoutTheDisk() {
        #expect(FileKeys.standardized("/m/./out//x/../a.mov") == "/m/out/a.mov")
        #expect(FileKeys.standardized("/../a.mov") == "/a.mov")
        #expect(FileKeys.standardized("/m/out/") == "/m/out")
    }

    @Test func writersComeFirstEditsKeepManifestOrderReadersShare() throws {
        let folder = try TemporaryFolder("job-order")
        defer { folder.remove() }
        for name in ["a.mov", "en.srt"] { try Data().write(to: URL(fileURLWithPath: folder.path(name))) }
        let order = Self.order([
            #"{"command": "check", "input": "out/./b.mov"}"#,                                                   // 0: waits for 3
            #"{"command": "add-subtitles", "input": "a.mov", "subtitles": "en.srt", "output": "out/c.mov"}"#, // 1: reads only
            #"{"command": "add-subtitles", "input": "a.mov", "subtitles": "en.srt", "output": "out/d.mov"}"#, // 2: reads only
            #"{"command": "strip", "input": "a.mov", "output": "out/b.mov"}"#,                                  // 3
            #"{"command": "set-track", "input": "./out/b.mov", "track": 1, "inPlace": true}"#,                 // 4: after 0, itself after 3
            #"{"command": "set-metadata", "input": "a.mov", "set": ["title=T"], "inPlace": true}"#,            // 5: after 1, 2, 3 read a.mov
        ], in: folder)
        #expect(order.cycle == nil)
        #expect(order.prerequisites == [[3], [], [], [], [0], [1, 2, 3]])
        #expect(order.producers == [[3], [], [], [], [3], []])
        let place = Dictionary(uniqueKeysWithValues: order.sequence.enumerated().map { ($1, $0) })
        for (job, before) in order.prerequisites.enumerated() {
            for prerequisite in before { #expect(place[prerequisite, default: -1] < place[job, default: -1]) }
        }
    }

    @Test func aCycleNamesItsJobsOnly() throws {
        let folder = try TemporaryFolder("job-order-cycle")
        defer { folder.remove() }
        let order = Self.order([
            #"{"command": "strip", "input": "x.mov", "output": "y.mov"}"#,
            #"{"command": "strip", "input": "y.mov", "output": "z.mov"}"#,
            #"{"command": "strip", "input": "z.mov", "output": "x.mov"}"#,
            #"{"command": "check", "input": "z.mov"}"#,
        ], in: folder)
        // Each waits for the next: 0 reads x.mov, which 2 writes; 2 reads z.mov, which 1 writes.
        let cycle = try #require(order.cycle)
        #expect(Set(cycle) == [0, 1, 2])
        for (job, next) in zip(cycle, cycle.dropFirst() + cycle.prefix(1)) { #expect(order.prerequisites[job].contains(next)) }
    }
}
