import Foundation
import LegibleTestSupport
import Testing

/// Fragmented movies that used to be edited with exit 0 and a wrong result, each now refused by
/// every writing command in every mode with one `error:` line naming the box and its offset
/// (found by walking the bytes, ``DamagedFragmentedMovie``), the file left byte for byte as it
/// was and no output written:
/// - a `trun` whose data offset points into its own `moof`: `set-track -o` and `add-subtitles -o`
///   wrote those bytes as zeros;
/// - a `traf` of a track no `trak` has: `info` counted fewer samples unsaid, `strip -o` dropped
///   them and `strip --in-place` zeroed them;
/// - a damaged or missing `mvhd` (version 7; size 0, swallowing the tracks; renamed, as in
///   mp4parse's no_timescale.mp4): `strip -o` wrote a movie
///   ffprobe read no packet from.
@Suite struct DamagedFragmentedEditTests {
    /// A writing command, as a new file or in place.
    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case strip = "strip -o", setTrack = "set-track -o", addSubtitles = "add-subtitles -o",
             keepFragments = "strip --keep-fragments", stripInPlace = "strip --in-place", setTrackInPlace = "set-track --in-place"
        var testDescription: String { rawValue }

        func arguments(_ movie: String, output: String) -> [String] {
            switch self {
            case .strip: ["strip", movie, "-o", output]
            case .setTrack: ["set-track", movie, "--track", "1", "--name", "V", "-o", output]
            case .addSubtitles: ["add-subtitles", movie, CLITests.media("english-sdh.srt"), "--language", "en", "-o", output]
            case .keepFragments: ["strip", movie, "--keep-fragments", "-o", output]
            case .stripInPlace: ["strip", movie, "--in-place"]
            case .setTrackInPlace: ["set-track", movie, "--track", "1", "--name", "V", "--in-place"]
            }
        }
    }

    static func source() throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: CLITests.media("fragmented.mp4"))))
    }

    /// Runs `edit` on `bytes` and checks the refusal: exit 2, one error line starting with
    /// `error: PATH: LOCATION: MESSAGE`, the file as it was, no output.
    static func expectRefused(_ edit: Edit, _ bytes: [UInt8], location: String, message: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder("damaged-fragmented")
        defer { folder.remove() }
        let movie = folder.path("in.mp4"), output = folder.path("out.mp4")
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        let result = try LegibleCommand.run(edit.arguments(movie, output: output))
        #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.errorLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        let expected = "error: \(movie): \(location): \(message)"
        #expect(result.errorLines.first?.hasPrefix(expected) == true, "\(result.stderr) does not start with \(expected)",
                sourceLocation: sourceLocation)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: movie))) == bytes, "the file is as it was", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: output), "no output", sourceLocation: sourceLocation)
    }

    @Test(arguments: Edit.allCases)
    func runIntoItsOwnFragmentIsRefused(_ edit: Edit) throws {
        let (damaged, run) = try DamagedFragmentedMovie.runIntoItsOwnFragment(Self.source())
        if edit == .keepFragments {
            // The fragments kept: the run is named, as before.
            try Self.expectRefused(edit, damaged.bytes, location: run, message: "the samples of this run")
        } else {
            try Self.expectRefused(edit, damaged.bytes, location: damaged.location, message: "track 2's samples lie inside the 'moof' box")
        }
    }

    @Test(arguments: Edit.allCases)
    func fragmentOfNoTrackIsRefused(_ edit: Edit) throws {
        let damaged = try DamagedFragmentedMovie.undescribedTrack(Self.source(), trackID: 9)
        try Self.expectRefused(edit, damaged.bytes, location: damaged.location, message: "track ID 9 is not described by moov")
    }

    @Test(arguments: Edit.allCases, DamagedFragmentedMovie.HeaderDamage.allCases)
    func damagedMovieHeaderIsRefused(_ edit: Edit, _ damage: DamagedFragmentedMovie.HeaderDamage) throws {
        let damaged = try DamagedFragmentedMovie.damagedMovieHeader(Self.source(), damage)
        try Self.expectRefused(edit, damaged.bytes, location: damaged.location, message: damage.message)
    }

    /// `info` says what it does not count, in text and JSON.
    @Test func infoWarnsOfAFragmentOfNoTrack() throws {
        let folder = try TemporaryFolder("damaged-fragmented-info")
        defer { folder.remove() }
        let damaged = try DamagedFragmentedMovie.undescribedTrack(Self.source(), trackID: 9)
        let movie = folder.path("in.mp4")
        try Data(damaged.bytes).write(to: URL(fileURLWithPath: movie))
        let text = try LegibleCommand.run(["info", movie])
        try #require(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("warning: \(damaged.location): track ID 9 is not described by moov (its tracks: 1, 2)"), "\(text.stdout)")
        let json = try LegibleCommand.run(["info", movie, "--json"])
        let warnings = try #require(json.jsonObject?["warnings"] as? [String], "\(json.stdout)")
        #expect(warnings.contains { $0.hasPrefix("\(damaged.location): track ID 9") }, "\(warnings)")
    }

    @Test(arguments: DamagedFragmentedMovie.HeaderDamage.allCases)
    func infoWarnsOfADamagedMovieHeader(_ damage: DamagedFragmentedMovie.HeaderDamage) throws {
        let folder = try TemporaryFolder("damaged-mvhd-info")
        defer { folder.remove() }
        let damaged = try DamagedFragmentedMovie.damagedMovieHeader(Self.source(), damage)
        let movie = folder.path("in.mp4")
        try Data(damaged.bytes).write(to: URL(fileURLWithPath: movie))
        let text = try LegibleCommand.run(["info", movie])
        try #require(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("warning: \(damaged.location): \(damage.message)"), "\(text.stdout)")
    }
}
