import Foundation
import Testing
import LegibleTestSupport

/// `boxes --count` counts the boxes of a file from its index: every box a dump would show,
/// inside containers too, and stops with the error a dump would give at damage.
@Suite struct BoxesCountTests {
    static let binary = TestPaths.legibleExecutable.path

    func write(_ boxes: [TestBox]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-\(UUID().uuidString)-count.mp4")
        try Data(boxes.flatMap(\.bytes)).write(to: url)
        return url
    }

    /// ftyp, moov with mvhd and mvex/trex (4), three fragments of moof, mfhd, traf, tfhd, trun
    /// (5 each), mdat: 1 + 4 + 15 + 1 = 21 boxes by construction.
    @Test func countsEveryBoxOfAFragmentedFile() throws {
        let fragment = TestBox.container("moof", [.leaf("mfhd", [0, 0, 0, 0] + be32(1)),
                                                  .container("traf", [.leaf("tfhd", [0, 0, 0, 0] + be32(1)), .leaf("trun", [0, 0, 0, 0] + be32(0))])])
        let moov = TestBox.container("moov", [.leaf("mvhd", [UInt8](repeating: 0, count: 100)),
                                              .container("mvex", [.leaf("trex", [UInt8](repeating: 0, count: 24))])])
        let url = try write([.leaf("ftyp", ascii("isom") + be32(0)), moov, fragment, fragment, fragment, .leaf("mdat", [1, 2, 3])])
        defer { try? FileManager.default.removeItem(at: url) }
        let output = try ExternalTool.run(Self.binary, ["boxes", "--count", url.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "21\n")
    }

    @Test func damageIsAnErrorAfterTheCount() throws {
        let url = try write([.leaf("ftyp", ascii("isom")), .container("moov", [.lying("trak", size: 500, [])])])
        defer { try? FileManager.default.removeItem(at: url) }
        let output = try ExternalTool.run(Self.binary, ["boxes", "--count", url.path])
        #expect(output.status == 2 && output.stdout == "1\n")
        #expect(output.stderr.contains("moov/trak[1] @ 0x14") && output.stderr.contains("declares 500 bytes"), "\(output.stderr)")
    }

    @Test func countTakesNoDumpOptions() throws {
        let output = try ExternalTool.run(Self.binary, ["boxes", "--count", "--json", CLITests.media("demo.mp4")])
        #expect(output.status != 0 && output.stderr.contains("--count prints a number only"), "\(output.stderr)")
    }
}
