import Conversion
import Testing
@testable import TimedText

/// Text never becomes structure (DESIGN property 6): cues whose text holds what SubRip or WebVTT
/// would read as the end of a cue or the start of another are written so that every reader finds
/// exactly the cues given, at their times, and the cues changed are named. The hostile texts
/// follow W3C WebVTT §6.1 (a cue's text ends at an empty line or a line holding `-->`; CR LF, LF
/// and CR all end lines) and what SubRip readers take for a timing line.
@Suite("Cue text never becomes structure")
struct CueTextStructureTests {
    /// A hostile text, and which changes it needs in SubRip and in WebVTT.
    struct Hostile: Sendable {
        var text: String
        var subRip: Set<TextStructureChange>
        var webVTT: Set<TextStructureChange>
    }

    static let hostile: [Hostile] = [
        // The reported forgery: a blank line, a cue number and a timing line an hour long.
        Hostile(text: "hello\n\n2\n00:00:00,000 --> 00:59:59,000", subRip: [.blankLine, .timingLine], webVTT: [.blankLine]),
        Hostile(text: "first\r\n\r\nsecond", subRip: [.blankLine], webVTT: [.blankLine]),
        Hostile(text: "first\r\rsecond", subRip: [.blankLine], webVTT: [.blankLine]),
        Hostile(text: "first\n\r\nsecond", subRip: [.blankLine], webVTT: [.blankLine]),
        // Not empty to WebVTT, blank to SubRip readers.
        Hostile(text: "first\n \t\nsecond", subRip: [.blankLine], webVTT: []),
        Hostile(text: "a --> b", subRip: [.timingLine], webVTT: []),
        Hostile(text: "00:00:00.000 --> 00:59:59.000 line:0", subRip: [.timingLine], webVTT: []),
        Hostile(text: "a ---> b", subRip: [.timingLine], webVTT: []),
        // A combining mark after `>` hides the arrow from a search by Character, not from a reader.
        Hostile(text: "a -->\u{0301} b", subRip: [.timingLine], webVTT: []),
        // Python srt ends a cue's text at a number line followed by a timestamp.
        Hostile(text: "3\n00:00:05,000 - > 00:00:09,000", subRip: [.timingLine], webVTT: []),
        Hostile(text: "ten\n4\n10:20:30,400 train", subRip: [.timingLine], webVTT: []),
        Hostile(text: "NOTE\n\nWEBVTT\n\nSTYLE", subRip: [.blankLine], webVTT: [.blankLine]),
    ]

    /// Each hostile cue followed by an ordinary one, a second apart, so that a forged or lost cue
    /// shows in the count and times.
    static var cues: [Cue] {
        var cues: [Cue] = []
        for (index, entry) in hostile.enumerated() {
            let start = Int64(index) * 4_000 + 1_000
            cues.append(Cue(start: .milliseconds(start), end: .milliseconds(start + 1_000), text: CueText(entry.text)))
            cues.append(Cue(start: .milliseconds(start + 2_000), end: .milliseconds(start + 3_000), text: CueText("plain \(index)")))
        }
        return cues
    }

    /// Whether `text` holds `-->`, scalar by scalar.
    static func containsArrow(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.dropFirst(2).contains { scalars[$0 - 2] == "-" && scalars[$0 - 1] == "-" && scalars[$0] == ">" }
    }

    static func times(_ cues: [Cue]) -> [[Int64]] {
        cues.map { [$0.start.roundedMilliseconds, $0.end.roundedMilliseconds] }
    }

    @Test func subRipReadsBackEveryCueAtItsTimes() throws {
        let written = SubRipWriter.write(cues: Self.cues)
        let read = try SubRipParser.parse(string: written).cues
        #expect(Self.times(read) == Self.times(Self.cues), "\(written)")
        // The only lines holding `-->` are the timing lines, one per cue.
        #expect(written.split(separator: "\n").filter { Self.containsArrow(String($0)) }.count == Self.cues.count, "\(written)")
    }

    @Test func webVTTReadsBackEveryCueAtItsTimes() throws {
        var cues = Self.cues
        // W3C WebVTT §4.1: an identifier holds no line break and no `-->`.
        cues[1].identifier = "id --> 00:00:00.000 --> 00:59:59.000"
        cues[3].identifier = "two\n\nlines"
        let written = WebVTTWriter.write(cues: cues)
        let read = try WebVTTParser.parse(string: written).cues
        #expect(Self.times(read) == Self.times(cues), "\(written)")
        #expect(read[1].identifier?.contains("-->") == false)
        #expect(read[3].identifier?.contains("\n") == false)
    }

    /// A `-->` in a voice name or the text is escaped (`&gt;`) and comes back as it was.
    @Test func webVTTEscapesArrowsAndKeepsThem() throws {
        let voiced = StyledRun("say --> it", style: TextStyle(voice: "A --> B"))
        let cue = Cue(start: .milliseconds(1_000), end: .milliseconds(2_000), text: CueText(runs: [voiced]))
        let written = WebVTTWriter.write(cues: [cue, Cue(start: .milliseconds(3_000), end: .milliseconds(4_000), text: "next")])
        let read = try WebVTTParser.parse(string: written).cues
        #expect(read.count == 2, "\(written)")
        #expect(read.first?.text.plainText == "say --> it")
        #expect(read.first?.text.runs.first?.style.voice == "A --> B")
        #expect(SubtitleTarget.webVTT.structureChanges(of: [cue]).isEmpty)
    }

    @Test func ttmlReadsBackEveryCueAtItsTimes() throws {
        let written = TTMLWriter.write(cues: Self.cues)
        let read = try TTMLParser.parse(string: written).cues
        #expect(Self.times(read) == Self.times(Self.cues))
        #expect(SubtitleTarget.ttml.structureChanges(of: Self.cues).isEmpty)
    }

    /// Each kind of change is one loss naming exactly the hostile cues that needed it (odd
    /// numbers: every hostile cue is followed by an ordinary one).
    /// XML 1.0 §2.2 forbids C0 controls but tab, line feed and carriage return in a document, and
    /// no character reference may stand for them: TTML leaves them out and names the cue.
    @Test func ttmlNamesTheControlCharactersItLeavesOut() throws {
        let cues = [Cue(start: .milliseconds(1_000), end: .milliseconds(2_000), text: "plain\ttab"),
                    Cue(start: .milliseconds(3_000), end: .milliseconds(4_000), text: "ESC \u{1B}]0;pwned\u{07} NUL \u{0}")]
        let written = TTMLWriter.write(cues: cues)
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" })
        #expect(try TTMLParser.parse(string: written).cues.count == 2)
        let kind = ConversionLoss.Kind(rawValue: "control-character")
        #expect(SubtitleTarget.ttml.losses(of: cues).first { $0.kind == kind }?.numbers == [2])
        for target in [SubtitleTarget.webVTT, .subRip, .tx3g] {
            #expect(!target.losses(of: cues).contains { $0.kind == kind }, "\(target)")
        }
    }

    @Test(arguments: [SubtitleTarget.subRip, .webVTT])
    func lossesNameEveryChangedCueAndNoOther(_ target: SubtitleTarget) {
        let losses = target.structureChanges(of: Self.cues)
        for change in TextStructureChange.allCases where change != .identifier {
            let wanted = Self.hostile.enumerated().filter { (target == .subRip ? $0.element.subRip : $0.element.webVTT).contains(change) }
                .map { $0.offset * 2 + 1 }
            #expect(losses.first { $0.kind == change.kind }?.numbers ?? [] == wanted, "\(change): \(losses)")
        }
        #expect(losses.count == Set(losses.map(\.kind)).count)
        // They are the target's losses too, so --strict refuses them.
        let all = target.losses(of: Self.cues)
        #expect(losses.allSatisfy { loss in all.contains(loss) })
    }

    @Test func webVTTIdentifiersChangedAreNamed() {
        var cues = Self.cues
        cues[1].identifier = "a-->b"
        cues[5].identifier = "a\rb"
        cues[7].identifier = "fine"
        let loss = SubtitleTarget.webVTT.structureChanges(of: cues).first { $0.kind == TextStructureChange.identifier.kind }
        #expect(loss?.numbers == [2, 6])
    }

    /// Blank lines before or after the text carry nothing and are not a change worth a warning.
    @Test func outerBlankLinesGoSilently() {
        let cue = Cue(start: .milliseconds(0), end: .milliseconds(1_000), text: "\n\r\nonly\n\n")
        #expect(SubRipWriter.cueText(cue) == "only")
        #expect(WebVTTWriter.payloadText(cue.text) == "only")
        #expect(SubtitleTarget.subRip.structureChanges(of: [cue]).isEmpty)
        #expect(SubtitleTarget.webVTT.structureChanges(of: [cue]).isEmpty)
    }

    @Test(arguments: ["-->", "--->", "a------>b", "-->\u{0301}", "x-->y-->z", "<!-- -->"])
    func breakingArrowsLeavesNone(_ text: String) {
        let broken = CueTextStructureGuard.breakingArrows(text)
        #expect(!Self.containsArrow(broken))
        #expect(broken.unicodeScalars.filter { $0 == ">" }.count == text.unicodeScalars.filter { $0 == ">" }.count)
    }

    /// Text with no structure in it is written as it is and named nowhere.
    @Test func ordinaryTextIsUntouched() {
        let cue = Cue(start: .milliseconds(0), end: .milliseconds(1_000), text: "Line one -> two\n2\nthree 10:20")
        #expect(SubRipWriter.cueText(cue) == "Line one -> two\n2\nthree 10:20")
        #expect(SubtitleTarget.subRip.structureChanges(of: [cue]).isEmpty)
    }

    /// CEA-608 text is characters 0x20–0x7F and the special and extended sets (CEA-608 §6.4,
    /// Annex A); a control code starts with 0x10–0x1F. Control characters in the text have no
    /// character form, so they are left out (and named): the byte pairs are exactly those of the
    /// text without them, and nothing in the text becomes a command.
    @Test func sccTextCannotForgeAControlCode() {
        let controls = (0x00...0x1F).filter { $0 != 0x0A }.map { String(Character(Unicode.Scalar(UInt8($0)))) }.joined()
            + "\u{7F}" + (0x80...0x9F).map { String(Character(Unicode.Scalar(UInt32($0))!)) }.joined()
        let hostile = Cue(start: .milliseconds(1_000), end: .milliseconds(3_000), text: CueText("Hi" + controls + "]0;pwned there"))
        let clean = Cue(start: .milliseconds(1_000), end: .milliseconds(3_000), text: "Hi]0;pwned there")
        let next = Cue(start: .milliseconds(4_000), end: .milliseconds(5_000), text: "next")
        let encoded = CEA608Encoder.encode([hostile, next])
        #expect(encoded.bursts == CEA608Encoder.encode([clean, next]).bursts)
        #expect(encoded.warnings.contains { warning in
            if case .unmappableCharacters = warning.kind { return warning.cues == [1] }
            return false
        }, "\(encoded.warnings)")
        let decoded = CEA608Decoder.captions(field1: encoded.bursts, field2: [], frameRate: .ntsc).cues(for: .cc1)
        #expect(decoded.map(\.text.plainText) == ["Hi]0;pwned there", "next"])
    }
}
