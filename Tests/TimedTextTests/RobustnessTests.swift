import Foundation
import Testing
import LegibleTestSupport
@testable import TimedText

/// Parsers must never trap, whatever the bytes, and must stay fast on large or hostile input.
@Suite("Robustness")
struct RobustnessTests {
    private static let fragments: [String] = [
        "WEBVTT", "WEBVTT ", "\n", "\r\n", "\r", "\n\n", "-->", " --> ", "00:00:01.000", "00:01,5", "99:59:59,999",
        "1", "NOTE", "STYLE", "REGION", "id:x", "line:0", "position:50%,center", "size:10%", "align:end",
        "<b>", "</b>", "<i>", "<c.red.x>", "<v Bob>", "<lang en>", "<ruby>", "<rt>", "</ruby>", "<00:00:01.500>",
        "&amp;", "&#x41;", "&#99999999;", "&", "<", ">", "{\\an8}", "{\\pos(1,2)}", "{", "<font color=\"red\">",
        "</font>", "text", "é", "\u{FEFF}", "<tt xmlns=\"http://www.w3.org/ns/ttml\">", "<body>", "<div begin=\"1s\">",
        "<p begin=\"00:00:01:05\" end=\"3s\">", "</p>", "<span tts:color=\"#fff\">", "<br/>", "</div>", "</tt>",
        "<![CDATA[", "]]>", "<!--", "-->", "<?x?>", "xmlns:tts=\"http://www.w3.org/ns/ttml#styling\"", "\"", "'", "=",
    ]

    /// Parses `bytes` with every parser. Whatever the bytes, each parser either returns a document
    /// whose diagnostics point at lines of the input, or throws an error of a reason it can have
    /// that does; WebVTT succeeds exactly when the input starts with the signature the spec
    /// requires; and the format sniffer recognises what the WebVTT parser accepted.
    private func exercise(_ bytes: [UInt8]) {
        // Lines end at LF, CR or CR LF (W3C WebVTT §4.1; XML 1.0 §2.11; SubRip in practice), so
        // no line number can exceed one more than the count of CR and LF bytes.
        let lineLimit = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
        func expectLines(_ lines: [Int?], _ parser: String) {
            for line in lines.compactMap({ $0 }) {
                #expect((1...lineLimit).contains(line), "\(parser): line \(line) of at most \(lineLimit) in \(bytes)")
            }
        }
        func check(_ parser: String, allowed: (SubtitleParseError.Reason) -> Bool,
                   _ parse: () throws(SubtitleParseError) -> SubtitleDocument) -> Bool {
            do throws(SubtitleParseError) {
                expectLines(try parse().warnings.map(\.line), parser)
                return true
            } catch {
                #expect(allowed(error.reason), "\(parser): \(error) for \(bytes)")
                expectLines([error.line], parser)
                return false
            }
        }
        _ = check("SubRip", allowed: { $0 == .noCues }) { () throws(SubtitleParseError) in try SubRipParser.parse(bytes: bytes) }
        let isWebVTT = check("WebVTT", allowed: { $0 == .missingWebVTTSignature }) { () throws(SubtitleParseError) in
            try WebVTTParser.parse(bytes: bytes)
        }
        _ = check("TTML", allowed: { reason in
            switch reason {
            case .malformedXML, .notTTML, .noCues: true
            default: false
            }
        }) { () throws(SubtitleParseError) in try TTMLParser.parse(bytes: bytes) }
        // W3C WebVTT §4.1: an optional UTF-8 BOM, "WEBVTT", then a space, tab, line end or the end.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let hasSignature = body.starts(with: Array("WEBVTT".utf8)) && (body.count == 6 || [0x20, 0x09, 0x0A, 0x0D].contains(body[6]))
        #expect(isWebVTT == hasSignature, "WebVTT parse \(isWebVTT ? "succeeded" : "failed") on \(bytes)")
        if isWebVTT { #expect(SubtitleFormat.sniff(bytes) == .webVTT) }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 7)
        let started = ContinuousClock.now
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 160)
            exercise((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// Token soup reaches the deeper states random bytes rarely get to; what parses must also
    /// survive a write and re-parse, and writing must be stable after one round.
    @Test func fragmentSoupNeverCrashesAndWritingIsStable() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 40)
            let text = (0..<count).map { _ in Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))] }.joined()
            exercise(Array(text.utf8))
            // A valid signature line makes any text a WebVTT file (W3C WebVTT §4.1): parsing cannot fail.
            let document = try WebVTTParser.parse(string: "WEBVTT\n\n" + text)
            let written = WebVTTWriter.write(document)
            let again = try WebVTTParser.parse(string: written)
            #expect(WebVTTWriter.write(again) == written, "\(text)")
            do throws(SubtitleParseError) {
                let document = try SubRipParser.parse(string: text)
                // Every SubRip cue has a timing line with "-->".
                #expect(document.cues.isEmpty || text.contains("-->"), "\(text)")
                let written = SubRipWriter.write(document)
                let again = try SubRipParser.parse(string: written)
                #expect(SubRipWriter.write(again) == written, "\(text)")
            } catch {
                #expect(error.reason == .noCues, "\(text)")
            }
        }
    }

    @Test func largeInputsStayLinear() throws {
        let started = ContinuousClock.now
        var srt = ""
        for index in 0..<20_000 {
            srt += "\(index + 1)\n00:\(String(format: "%02d", index / 600 % 60)):00,000 --> 00:00:01,000\n<b>line</b> & <i>more\n\n"
        }
        #expect(try SubRipParser.parse(string: srt).cues.count == 20_000)
        let ampersands = "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "&", count: 500_000)
        #expect(try WebVTTParser.parse(string: ampersands).cues.count == 1)
        let tags = "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "<b>x", count: 100_000)
        #expect(try WebVTTParser.parse(string: tags).cues.first?.text.plainText.count == 100_000)
        let xml = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>"
            + String(repeating: "<p begin=\"1s\" end=\"2s\">a &amp; b</p>", count: 20_000) + "</div></body></tt>"
        #expect(try TTMLParser.parse(string: xml).cues.count == 20_000)
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
