import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF

/// A file that cannot be read at all is reported without a box location: no path or offset
/// explains it. Problems inside a file keep `path @ 0xOFFSET: message`.
@Suite struct FileOpenErrorTests {
    func openError(_ path: String) -> BoxError? {
        do {
            _ = try FileByteSource(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingFileHasNoLocation() throws {
        let path = "/nonexistent/legible/movie.mov"
        let error = try #require(openError(path))
        #expect(error.location == nil)
        // The reason is the C library's text for ENOENT (POSIX open(2)).
        #expect(error.description == "cannot open '\(path)': \(String(cString: strerror(ENOENT)))")
    }

    @Test func directoryIsNamedAsSuch() throws {
        let path = FileManager.default.temporaryDirectory.path
        let error = try #require(openError(path))
        #expect(error.location == nil)
        #expect(error.description == "cannot open '\(path)': \(String(cString: strerror(EISDIR)))")
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func unreadableFileSaysPermissionDenied() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-unreadable-\(UUID().uuidString).mov")
        try Data([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
        let error = try #require(openError(url.path))
        #expect(error.location == nil)
        #expect(error.description == "cannot open '\(url.path)': \(String(cString: strerror(EACCES)))")
    }

    @Test func boxErrorsKeepTheirLocation() {
        let error = BoxError(.invalidSize("box 'free' declares size 3, smaller than its 8-byte header"),
                             at: BoxLocation(path: "free", offset: 0x20))
        #expect(error.description == "free @ 0x20: box 'free' declares size 3, smaller than its 8-byte header")
        let topLevel = BoxError(.truncated(needed: 8, available: 3), at: BoxLocation(path: "", offset: 0x1f3a))
        #expect(topLevel.description == "(file) @ 0x1f3a: needs 8 bytes but only 3 remain")
    }
}
