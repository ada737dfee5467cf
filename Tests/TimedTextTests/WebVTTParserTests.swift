import Testing
@testable import TimedText

@Suite("WebVTT parser")
struct WebVTTParserTests {
    @Test func headerBlocks() throws {
        let document = try WebVTTParser.parse(bytes: fixture("full.vtt"))
        let header = try #require(document.webVTTHeader)
        #expect(header.signatureText == "- Legible fixture")
        #expect(header.headerLines == ["Kind: captions"])
        #expect(header.timestampMap == WebVTTTimestampMap(local: .zero, mpegTimestamp: 900_000))
        #expect(header.styleSheets == ["::cue(.loud) { font-weight: bold; }\n::cue(v[voice=\"Bob\"]) { color: yellow; }"])
        #expect(header.regions == [WebVTTRegion(
            id: "fred", width: 40, lines: 3, regionAnchor: .init(x: 0, y: 100), viewportAnchor: .init(x: 10, y: 90), scrollsUp: true
        )])
    }

    @Test func cuesSettingsAndTags() throws {
        let document = try WebVTTParser.parse(bytes: fixture("full.vtt"))
        let cues = document.cues
        #expect(summary(cues) == [
            "1000-2500 Hello & welcome",
            "3000-4000 Yellow ital under <tag>\u{A0}\u{200E}éA",
            "5000-6000 Bonjour 漢字",
            "7000-9000 One two three",
            "10000-11000 First cue text",
            "12000-13000 An arrow line starts a new cue",
        ])
        try #require(cues.count == 6)
        #expect(cues[0].identifier == "intro")
        #expect(cues[0].settings == CueSettings(align: .left, region: "fred"))
        #expect(cues[0].text.runs == [
            run("Hello & ", classes: ["loud"], voice: "Bob"), run("welcome", bold: true, classes: ["loud"], voice: "Bob"),
        ])
        #expect(cues[1].settings == CueSettings(
            line: .init(.number(0)), position: .init(10, alignment: .lineLeft), size: 35.5, align: .start
        ))
        #expect(cues[1].placement == .top)
        #expect(cues[1].text.runs == [
            run("Yellow", color: .yellow, classes: ["big"]), run(" "), run("ital", italic: true), run(" "),
            run("under", underline: true), run(" <tag>\u{A0}\u{200E}éA"),
        ])
        // `align:middle` is a pre-2016 spelling the specification dropped: ignored by default.
        #expect(cues[2].settings == CueSettings(
            vertical: .leftToRight, line: .init(.number(-2), alignment: .end), position: .init(50)
        ))
        #expect(cues[2].placement == .bottom)
        #expect(cues[2].text.runs == [
            run("Bonjour", language: "fr"), run(" "), run("漢", ruby: .base), run("kan", ruby: .annotation),
            run("字", ruby: .base), run("ji", ruby: .annotation),
        ])
        #expect(cues[3].identifier == "karaoke")
        #expect(cues[3].settings.line == .init(.percentage(80)))
        #expect(cues[3].text.runs == [run("One "), run("two ", timestamp: ms(7_500)), run("three", bold: true, timestamp: ms(8_000))])
        #expect(document.warnings.map(\.description) == [
            "line 24: cue setting \"align:middle\" ignored",
            "line 24: cue setting \"bogus:1\" ignored",
            "line 31: STYLE block after the first cue ignored",
            "line 39: malformed cue timing; cue skipped",
        ])
    }

    @Test func signatureIsRequired() {
        #expect(throws: SubtitleParseError(.missingWebVTTSignature, line: 1)) { try WebVTTParser.parse(string: "WEBVTTX\n") }
        #expect(throws: SubtitleParseError(.missingWebVTTSignature, line: 1)) { try WebVTTParser.parse(string: "1\n00:01.000 --> 00:02.000\nx") }
        #expect(throws: SubtitleParseError(.missingWebVTTSignature, line: 1)) { try WebVTTParser.parse(bytes: []) }
    }

    @Test func byteOrderMarkAndTabAfterSignature() throws {
        let document = try WebVTTParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("WEBVTT\tx\n\n00:01.000 --> 00:02.000\nHi\n".utf8))
        #expect(document.webVTTHeader?.signatureText == "x")
        #expect(summary(document.cues) == ["1000-2000 Hi"])
    }

    @Test func strictTimestamps() throws {
        let valid: [(String, Int64)] = [("00:01.000", 1_000), ("01:00.500", 60_500), ("100:00:00.000", 360_000_000), ("1:02:03.004", 3_723_004)]
        for (text, milliseconds) in valid { #expect(WebVTTTimestamp.parse(text) == ms(milliseconds), "\(text)") }
        for text in ["00:01.00", "00:01,000", "0:01.000", "00:60.000", "00:00:60.000", "01.000", "00:01.0000", "-00:01.000"] {
            #expect(WebVTTTimestamp.parse(text) == nil, "\(text)")
        }
    }

    @Test func cueSettingRules() {
        #expect(WebVTTParser.parseCueSettings("line:1.5,center position:0% size:100%") == CueSettings(
            line: .init(.number(1.5), alignment: .center), position: .init(0), size: 100))
        // Malformed settings are skipped one by one.
        #expect(WebVTTParser.parseCueSettings("line:1.5.2 line:-5%x position:101% size:-1% align:justify vertical:up :x y:") == CueSettings())
        // An unknown alignment drops only itself (W3C WebVTT §6.4, "position": the position is set
        // before the alignment is looked at).
        #expect(WebVTTParser.parseCueSettings("position:20%,start region:r1") == CueSettings(position: .init(20), region: "r1"))
        #expect(WebVTTParser.parseCueSettings("align:end align:middle") == CueSettings(align: .end))
        // A line number too long for a Double is ignored, not made 0 or infinite.
        #expect(WebVTTParser.parseCueSettings("line:" + String(repeating: "9", count: 400)) == CueSettings())
        #expect(WebVTTParser.parseCueSettings("line:2 line:" + String(repeating: "9", count: 400) + ".5") == CueSettings(line: .init(.number(2))))
    }

    @Test func warningsComeOncePerKindWithTheirCount() throws {
        let text = "WEBVTT\n\n00:01 --> 00:02.000\na\n\n00:03.000 --> 00:04\nb\n\n00:05.000 --> 00:06.000\nc\n\nx --> y\nd\n"
        let document = try WebVTTParser.parse(string: text)
        #expect(summary(document.cues) == ["5000-6000 c"])
        #expect(document.warnings.map(\.description) == ["line 3: malformed cue timing; cue skipped (3 times; the first here)"])
    }

    @Test func aClassedReadingStaysInItsRubyWhenWritten() throws {
        // The WPT tags case "a<ruby.f g>b<rt.h j>c</rt>d</ruby>e": the reading "c" belongs to the
        // ruby that holds the base "b", whatever classes each has.
        let text = WebVTTParser.parseCueText("a<ruby.f g>b<rt.h j>c</rt>d</ruby>e")
        let written = WebVTTWriter.payloadText(text)
        #expect(WebVTTParser.parseCueText(written) == text)
        let rubies = WebVTTCueTextParser.tree(written, limits: .standard).nodes.compactMap { node -> WebVTTCueNode.Element? in
            if case .element(let element) = node, element.name == "ruby" { return element }
            return nil
        }
        try #require(rubies.count == 1, "\(written)")
        let texts = Self.texts(in: rubies[0].children)
        #expect(texts.base.contains("b") && texts.base.contains("d") && texts.reading == "c", "\(written)")
    }

    /// The text of `nodes` outside and inside `rt` elements.
    private static func texts(in nodes: [WebVTTCueNode], inReading: Bool = false) -> (base: String, reading: String) {
        var result = (base: "", reading: "")
        for node in nodes {
            switch node {
            case .text(let text): if inReading { result.reading += text } else { result.base += text }
            case .timestamp: break
            case .element(let element):
                let inner = texts(in: element.children, inReading: inReading || element.name == "rt")
                result.base += inner.base
                result.reading += inner.reading
            }
        }
        return result
    }

    @Test func legacySettingValuesAreAnOption() throws {
        let legacy = WebVTTParseOptions(acceptsLegacySettingValues: true)
        #expect(WebVTTParser.parseCueSettings("position:20%,start align:middle", options: legacy)
            == CueSettings(position: .init(20, alignment: .lineLeft), align: .center))
        #expect(WebVTTParser.parseCueSettings("position:20%,end", options: legacy) == CueSettings(position: .init(20, alignment: .lineRight)))
        let text = String(decoding: try fixture("full.vtt"), as: UTF8.self)
        let document = try WebVTTParser.parse(string: text, options: legacy)
        #expect(document.cues[2].settings.align == .center)
        #expect(!document.warnings.contains { $0.message.contains("align:middle") })
    }

    @Test func cueTextEdgeCases() {
        // Unknown tags vanish but keep their text; stray end tags are ignored; rt outside ruby is ignored.
        // `&amp` unterminated is one of HTML's legacy references; `&unknown;` is no reference.
        #expect(WebVTTParser.parseCueText("<foo>a</foo></b><rt>b</rt>&unknown; &amp c") == CueText("ab&unknown; & c"))
        #expect(WebVTTParser.parseCueText("<c.red.blue>x</c>").runs == [run("x", color: .red, classes: ["blue"])])
        #expect(WebVTTParser.parseCueText("<v>anon</v><v  Mary   Ann >x").runs == [run("anon", voice: ""), run("x", voice: "Mary Ann")])
        #expect(WebVTTParser.parseCueText("<ruby>a<rt>b</ruby>c").runs == [run("a", ruby: .base), run("b", ruby: .annotation), run("c")])
        #expect(WebVTTParser.parseCueText("a<00:01.000><00:02.000>").runs == [run("a"), run("", timestamp: ms(1_000)), run("", timestamp: ms(2_000))])
        let deep = String(repeating: "<b>", count: 10_000) + "x"
        #expect(WebVTTParser.parseCueText(deep).plainText == "x")
    }

    @Test func aTimingLineEndsTheHeader() throws {
        // W3C WebVTT §6.2: in the header, a line with "-->" ends the block and starts the next.
        let document = try WebVTTParser.parse(string: "WEBVTT\nKind: captions\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000\ncue\n")
        #expect(document.webVTTHeader?.headerLines == ["Kind: captions"])
        #expect(summary(document.cues) == ["1000-2000 ", "3000-4000 cue"])
    }
}
