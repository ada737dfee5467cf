import Testing
@testable import TimedText

/// Inputs that parse but hold no cue are accepted with one warning, so a caller (and
/// `legible convert`) can say why the result is empty.
@Suite struct EmptyInputTests {
    static let noCues = SubtitleDiagnostic(line: nil, message: "no cues in the file")

    @Test(arguments: ["", " ", "\n\n", "\r\n \t\r\n", "\u{FEFF}"])
    func subRipWithoutText(_ text: String) throws {
        let document = try SubRipParser.parse(bytes: Array(text.utf8))
        #expect(document.cues.isEmpty)
        #expect(document.warnings == [Self.noCues])
    }

    @Test(arguments: ["WEBVTT", "WEBVTT\n\n", "WEBVTT - Title\nKind: captions\n\nNOTE nothing yet\n\n", "\u{FEFF}WEBVTT\r\n"])
    func webVTTWithOnlyAHeader(_ text: String) throws {
        let document = try WebVTTParser.parse(bytes: Array(text.utf8))
        #expect(document.cues.isEmpty)
        #expect(document.warnings == [Self.noCues])
    }

    @Test func webVTTWhoseOnlyCueIsMalformedSaysBoth() throws {
        let document = try WebVTTParser.parse(string: "WEBVTT\n\n00:01.000 --> nonsense\nText\n")
        #expect(document.cues.isEmpty)
        #expect(document.warnings.count == 2)
        #expect(document.warnings.last == Self.noCues)
    }

    @Test(arguments: [
        #"<tt xmlns="http://www.w3.org/ns/ttml"/>"#,
        #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div/></body></tt>"#,
    ])
    func ttmlWithoutTimedText(_ text: String) throws {
        let document = try TTMLParser.parse(string: text)
        #expect(document.cues.isEmpty)
        #expect(document.warnings == [Self.noCues])
    }

    @Test func documentsWithCuesDoNotWarn() throws {
        #expect(try SubRipParser.parse(string: "1\n00:00:01,000 --> 00:00:02,000\nHi\n").warnings.isEmpty)
        #expect(try WebVTTParser.parse(string: "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n").warnings.isEmpty)
    }

    @Test func emptyIsStillNotWebVTT() {
        // The WebVTT signature is required (W3C WebVTT, "WebVTT file parsing"), so an empty
        // `.vtt` file is an error rather than an empty document.
        #expect(throws: SubtitleParseError(.missingWebVTTSignature, line: 1)) { try WebVTTParser.parse(bytes: []) }
    }
}
