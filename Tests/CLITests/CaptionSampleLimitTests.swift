import Foundation
import LegibleTestSupport
import Testing

/// `add-captions` keeps every `c608` sample within the 1 MiB its readers accept (Legible's text
/// track reader among them): an SCC line too long for one sample is spread over consecutive
/// samples, as the line itself is sent over consecutive frames (CTA-608: one pair a frame).
/// Expected pairs come from the SCC file written here; sizes and pairs also from ffprobe and ffmpeg.
@Suite struct CaptionSampleLimitTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    /// The readers' limit on one sample.
    static let maxSampleBytes = 1 << 20

    /// RCL, PAC row 1, then "HELLO" 200,000 times and EOC: 600,008 pairs, 1.2 MB of `cdat`; then
    /// an EDM at 5 s, whose pairs wait until the long line has gone out.
    static let longLine = ["9420", "9420", "9452", "9452"]
        + Array(repeating: ["c845", "4c4c", "4f80"], count: 200_000).flatMap { $0 } + ["942f", "942f"]
    static let scc = "Scenarist_SCC V1.0\n\n00:00:00;00\t" + longLine.joined(separator: " ")
        + "\n\n00:00:05;00\t942c 942c\n"
    static let words = longLine + ["942c", "942c"]

    /// The four-digit words of an SCC file's lines, in order, without timecodes.
    static func words(ofSCC text: String) -> [String] {
        text.split(separator: "\n").filter { $0.contains("\t") }.flatMap { $0.split(separator: "\t")[1].split(separator: " ").map(String.init) }
    }

    @Test func aVeryLongSCCLineIsSpreadOverSamplesWithinTheLimit() throws {
        let folder = try TemporaryFolder("cc-long-line")
        defer { folder.remove() }
        let captions = folder.path("long.scc")
        try Self.scc.write(toFile: captions, atomically: true, encoding: .utf8)
        let movie = folder.path("cc.mov")
        // The line goes out one pair a frame for hours: the movie is lengthened to hold it all.
        let added = try LegibleCommand.run(["add-captions", Self.demo, captions, "--language", "en", "--past-end", "extend", "-o", movie])
        try #require(added.status == 0, "\(added.stderr)")

        // Legible's reader takes the track back: every pair of the file, in order.
        let exported = try LegibleCommand.run(["extract", movie, "--track", "5", "--channel", "CC1", "--format", "scc"])
        try #require(exported.status == 0, "\(exported.stderr)")
        #expect(Self.words(ofSCC: exported.stdout) == Self.words)
        let check = try LegibleCommand.run(["check", "--json", movie])
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")

        guard ExternalTool.shouldRun("ffprobe") else { return }
        let streams = try FFmpegReading.streams(movie)
        #expect(streams.last?.codecTag == "c608", "\(streams)")
        let caption = try #require(streams.last?.index)
        // FFmpeg turns each sample's cdat pairs into one packet of cc_data triplets (CTA-708's
        // cc_data: a marker byte, then the pair), 3 bytes a pair: the sample held 8 + 2 a pair.
        let packets = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "\(caption)", "-show_entries", "packet=size",
                                                       "-of", "csv=p=0", movie])
        try #require(packets.status == 0, "\(packets.stderr)")
        let sampleSizes = packets.stdout.split(separator: "\n").compactMap { Int($0) }.map { 8 + 2 * $0 / 3 }
        #expect(sampleSizes.count >= 3, "the long line takes more than one sample: \(sampleSizes)")
        #expect(sampleSizes.allSatisfy { $0 <= Self.maxSampleBytes }, "\(sampleSizes)")

        // The packets' pairs, in order, are the file's: 0xFC marks a field 1 pair.
        let raw = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", movie, "-map", "0:\(caption)", "-c", "copy", "-f", "data", "-"])
        try #require(raw.status == 0, "\(raw.stderr)")
        let bytes = [UInt8](raw.stdoutData)
        try #require(bytes.count % 3 == 0 && stride(from: 0, to: bytes.count, by: 3).allSatisfy { bytes[$0] == 0xFC })
        let pairs = stride(from: 0, to: bytes.count, by: 3).map { String(format: "%02x%02x", bytes[$0 + 1], bytes[$0 + 2]) }
        #expect(pairs == Self.words)
    }

    /// One sample per SCC line: a file of 1,000,001 lines would make a track of more samples
    /// than its readers take (1,000,000), so it is refused with the counts, and nothing is written.
    @Test func moreLinesThanTheReadersTakeAreRefused() throws {
        let folder = try TemporaryFolder("cc-many-lines")
        defer { folder.remove() }
        let count = 1_000_001
        var text = "Scenarist_SCC V1.0\n\n"
        text.reserveCapacity(17 * count + 32)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        for frame in 0..<count {
            // Non-drop-frame timecodes, one frame apart: HH:MM:SS:FF at 30 frames a second.
            text += "\(two(frame / 108_000)):\(two(frame / 1800 % 60)):\(two(frame / 30 % 60)):\(two(frame % 30))\t9420\n"
        }
        let captions = folder.path("many.scc")
        try text.write(toFile: captions, atomically: true, encoding: .utf8)
        let movie = folder.path("cc.mov")
        // Lengthening the movie keeps every line (clipping, the default, leaves out those past its end).
        let added = try LegibleCommand.run(["add-captions", Self.demo, captions, "--language", "en", "--past-end", "extend", "-o", movie])
        #expect(added.status == 2, "\(added.stderr)")
        #expect(added.stderr.hasPrefix("error: ") && added.stderr.contains("\(count) samples") && added.stderr.contains("1000000 samples"),
                "\(added.stderr)")
        #expect(!FileManager.default.fileExists(atPath: movie))
    }
}
