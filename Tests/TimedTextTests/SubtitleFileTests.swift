import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing
import TimedText

/// Reading subtitle and caption files from disk: the format from the name, else the content;
/// the size checked before reading; every failure a typed fact naming the file.
@Suite struct SubtitleFileTests {
    static let webVTT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello\n"
    static let subRip = "1\n00:00:01,000 --> 00:00:02,500\nHello\n"
    static let scc = "Scenarist_SCC V1.0\n\n00:00:01;00\t9420 9420 94ae 94ae 9452 9452 c845 4c4c 4f80 942f 942f\n\n00:00:03;00\t942c 942c\n\n"

    func write(_ text: String, as name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [
        ("a.srt", SubtitleFormat.subRip), ("A.SRT", .subRip), ("a.vtt", .webVTT), ("a.webvtt", .webVTT),
        ("a.ttml", .ttml), ("a.xml", .ttml), ("a.DFXP", .ttml),
    ])
    func extensionNamesTheFormat(_ name: String, _ format: SubtitleFormat) {
        #expect(SubtitleFormat(path: "/x/\(name)") == format)
    }

    @Test func otherNamesNameNoFormat() {
        #expect(SubtitleFormat(path: "a.txt") == nil)
        #expect(SubtitleFormat(path: "srt") == nil)
        #expect(SubtitleFormat(path: "a.scc") == nil)
    }

    /// The extension wins over the content: a SubRip name is parsed as SubRip even when the text
    /// starts like WebVTT (whose signature line SubRip then skips as a broken block).
    @Test func contentDecidesOnlyWithoutAKnownExtension() throws {
        let folder = try TemporaryFolder("subtitle-file-sniff")
        defer { folder.remove() }
        let sniffed = try SubtitleFile.read(try write(Self.webVTT, as: "captions.txt", in: folder))
        #expect(sniffed.format == .webVTT)
        #expect(sniffed.cues.map(\.text.plainText) == ["Hello"])
        #expect(sniffed.cues.first?.start == .milliseconds(1000))
        #expect(sniffed.cues.first?.end == .milliseconds(2500))
        #expect(try SubtitleFile.read(try write(Self.subRip, as: "captions", in: folder)).format == .subRip)
        #expect(try SubtitleFile.read(try write(Self.webVTT, as: "named.srt", in: folder)).format == .subRip)
    }

    @Test func aFileOverTheLimitIsRefusedBeforeReading() throws {
        let folder = try TemporaryFolder("subtitle-file-limit")
        defer { folder.remove() }
        let path = try write(Self.webVTT, as: "big.vtt", in: folder)
        let limits = SubtitleParseLimits(maxInputBytes: 10)
        let error = #expect(throws: SubtitleFileError.self) { try SubtitleFile.read(path, limits: limits) }
        #expect(error?.reason == .tooLarge(size: UInt64(Self.webVTT.utf8.count), limit: 10))
        #expect(error?.path == path)
        #expect(error?.description == "\(path): limit exceeded: '\(path)' is larger than 10 bytes, too large for a subtitle file")
        let sccPath = try write(Self.scc, as: "big.scc", in: folder)
        let sccError = #expect(throws: SubtitleFileError.self) { try CaptionFile.read(sccPath, limits: limits) }
        #expect(sccError?.isSCC == true)
        #expect(sccError?.description.hasSuffix("too large for an SCC file") == true)
    }

    @Test func aMissingFileIsUnreadable() throws {
        let path = "/nonexistent/legible/subtitles.srt"
        let error = #expect(throws: SubtitleFileError.self) { try SubtitleFile.read(path) }
        guard case .unreadable(let reason) = error?.reason else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
        #expect(reason.location == nil)
        #expect(error?.description == "\(path): cannot open '\(path)': \(String(cString: strerror(ENOENT)))")
    }

    @Test func aParserRefusalKeepsTheParserError() throws {
        let folder = try TemporaryFolder("subtitle-file-malformed")
        defer { folder.remove() }
        let path = try write("00:00:01.000 --> 00:00:02.000\nHello\n", as: "unsigned.vtt", in: folder)
        let error = #expect(throws: SubtitleFileError.self) { try SubtitleFile.read(path) }
        #expect(error?.reason == .malformed(SubtitleParseError(.missingWebVTTSignature, line: 1)))
        #expect(error?.description == "\(path): line 1: the file does not start with WEBVTT")
    }

    @Test func captionFilesAreSCCByExtensionOrHeader() throws {
        let folder = try TemporaryFolder("caption-file")
        defer { folder.remove() }
        let byHeader = try write("\u{FEFF}" + Self.scc, as: "captions.txt", in: folder)
        #expect(CaptionFile.isSCC(byHeader))
        guard case .scc(let document) = try CaptionFile.read(byHeader) else {
            Issue.record("expected SCC")
            return
        }
        #expect(document.bursts.count == 2)
        #expect(CaptionFile.isSCC(folder.path("absent.scc")))
        let subRip = try write(Self.subRip, as: "captions.srt", in: folder)
        #expect(!CaptionFile.isSCC(subRip))
        #expect(try CaptionFile.read(subRip) == .cues(try SubtitleFile.read(subRip)))
        let broken = try write("Scenarist_SCC V1.0\n\n00:00:01;00\t9420 94g0\n", as: "broken.scc", in: folder)
        let error = #expect(throws: SubtitleFileError.self) { try CaptionFile.read(broken) }
        #expect(error?.reason == .malformedSCC(SCCParseError(.badHexWord("94g0"), line: 3)))
    }

    @Test func outputFormatFromTheExtension() {
        #expect(SubtitleOutputFormat(path: "out.VTT") == .vtt)
        #expect(SubtitleOutputFormat(path: "out.webvtt") == .vtt)
        #expect(SubtitleOutputFormat(path: "out.srt") == .srt)
        #expect(SubtitleOutputFormat(path: "out.scc") == .scc)
        #expect(SubtitleOutputFormat(path: "out.ttml") == .ttml)
        #expect(SubtitleOutputFormat(path: "out.txt") == nil)
    }
}
