import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing

/// A file read whole is size-checked first.
@Suite struct SmallFileTests {
    @Test func readsAFileWithinTheLimit() throws {
        let folder = try TemporaryFolder("small-file")
        defer { folder.remove() }
        let path = folder.path("plan.json")
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: path))
        #expect(try SmallFile.read(path, limit: 4) == [1, 2, 3, 4])
        #expect(throws: SmallFileError.tooLarge(path: path, size: 4, limit: 3)) { try SmallFile.read(path, limit: 3) }
    }

    @Test func anUnreadablePathKeepsTheSystemsReason() throws {
        let error = #expect(throws: SmallFileError.self) { try SmallFile.read("/nonexistent/legible/x", limit: 10) }
        guard case .unreadable(let reason) = error else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
        #expect(reason.kind == .io("cannot open '/nonexistent/legible/x': \(String(cString: strerror(ENOENT)))"))
    }
}
