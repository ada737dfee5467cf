import Testing
import TimedText

/// The signature rule of the W3C WebVTT parser algorithm: the file is an optional UTF-8 BOM, the
/// string `WEBVTT`, then either the end of the file, a line terminator, or a space or tab and
/// text to the end of the line; anything else is not a WebVTT file and yields no cues. This is
/// what web-platform-tests' `signature-invalid` case checks file by file; its files are not among
/// those kept in `TestMedia/wpt-webvtt`, so the cases here are made from the rule itself.
struct WebVTTSignatureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    static let cue = Array("\n\n00:00.000 --> 00:01.000\nx\n".utf8)
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static let invalid: [Case] = [
        Case(name: "empty file", bytes: []),
        Case(name: "lower case", bytes: Array("webvtt".utf8) + cue),
        Case(name: "cut short", bytes: Array("WEBVT".utf8)),
        Case(name: "a letter after", bytes: Array("WEBVTTX".utf8) + cue),
        Case(name: "a hyphen after", bytes: Array("WEBVTT-".utf8) + cue),
        Case(name: "a NUL after", bytes: Array("WEBVTT".utf8) + [0] + cue),
        Case(name: "a form feed after", bytes: Array("WEBVTT".utf8) + [0x0C] + cue),
        Case(name: "a space before", bytes: Array(" WEBVTT".utf8) + cue),
        Case(name: "a blank line before", bytes: Array("\nWEBVTT".utf8) + cue),
        Case(name: "two byte order marks", bytes: bom + bom + Array("WEBVTT".utf8) + cue),
        Case(name: "a UTF-16 byte order mark", bytes: [0xFF, 0xFE] + Array("WEBVTT".utf8) + cue),
    ]

    static let valid: [Case] = [
        Case(name: "alone", bytes: Array("WEBVTT".utf8)),
        Case(name: "then a cue", bytes: Array("WEBVTT".utf8) + cue),
        Case(name: "a byte order mark first", bytes: bom + Array("WEBVTT".utf8) + cue),
        Case(name: "a space and text", bytes: Array("WEBVTT - a title".utf8) + cue),
        Case(name: "a tab and text", bytes: Array("WEBVTT\ttitle".utf8) + cue),
        Case(name: "a carriage return", bytes: Array("WEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nx\r\n".utf8)),
    ]

    @Test(arguments: invalid)
    func anythingElseIsNotWebVTT(_ input: Case) {
        #expect(throws: SubtitleParseError(.missingWebVTTSignature, line: 1)) { try WebVTTParser.parse(bytes: input.bytes) }
    }

    @Test(arguments: valid)
    func theSignatureIsRead(_ input: Case) throws {
        let document = try WebVTTParser.parse(bytes: input.bytes)
        #expect(document.cues.count == (input.bytes.count > 20 ? 1 : 0))
    }
}
