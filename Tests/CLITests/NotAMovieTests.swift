import Foundation
import Testing
import LegibleTestSupport

/// `boxes` refuses what `info` refuses as not a movie file, but still dumps damaged files and
/// media segments.
@Suite struct NotAMovieTests {
    static let binary = TestPaths.legibleExecutable.path

    func write(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url
    }

    @Test(arguments: [
        ("empty.mp4", [UInt8](), "it is empty"),
        ("notes.txt", ascii("Shopping list:\n- milk\n- a QuickTime movie\n"), "it does not start with a box header"),
    ])
    func boxesAndInfoRefuseIt(name: String, bytes: [UInt8], reason: String) throws {
        let url = try write(bytes, name)
        defer { try? FileManager.default.removeItem(at: url) }
        for command in ["boxes", "info"] {
            let output = try ExternalTool.run(Self.binary, [command, url.path])
            #expect(output.status == 2, "\(command)")
            #expect(output.stdout.isEmpty, "\(command): \(output.stdout)")
            #expect(output.stderr == "error: \(url.path): not a QuickTime or MPEG-4 file: \(reason)\n", "\(command)")
        }
    }

    @Test func boxesDumpsAMediaSegment() throws {
        let url = try write(TestBox.leaf("styp", ascii("msdh") + be32(0)).bytes
                            + TestBox.container("moof", [.leaf("mfhd", [0, 0, 0, 0] + be32(1))]).bytes, "segment.m4s")
        defer { try? FileManager.default.removeItem(at: url) }
        let output = try ExternalTool.run(Self.binary, ["boxes", url.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("[styp]") && output.stdout.contains("[mfhd]"))
        let info = try ExternalTool.run(Self.binary, ["info", url.path])
        #expect(info.status == 2)
        #expect(info.stderr.hasPrefix("error: \(url.path): a media segment (moof without moov)"), "\(info.stderr)")
    }
}
