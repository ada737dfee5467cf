import ISOBMFF
import LegibleTestSupport
import Testing
@testable import TimedText

/// The `tx3g` codec against annotated bytes (3GPP TS 26.245 §5.16–5.17; QTFF "Subtitle sample
/// description" and "Subtitle sample data") and in round trips.
@Suite struct Tx3gCodecTests {
    private func timeline(_ cues: [Cue], timescale: UInt32 = 1000) throws -> CueTimeline {
        try CueTimeline(cues: cues, timescale: timescale)
    }

    private func sample(_ cues: [Cue]) -> TimelineSample {
        TimelineSample(start: 0, duration: 1000, cues: cues, cueIndices: Array(cues.indices))
    }

    // MARK: Samples, byte for byte

    @Test func forcedCueIsTextThenFrcd() throws {
        let cue = Cue(start: ms(0), end: ms(1000), text: "Hola", isForced: true)
        let bytes = try Tx3gSampleEncoder(description: Tx3gSampleDescription()).encode(sample([cue]))
        // 0004 "Hola" | 00000008 'frcd'
        #expect(bytes == be16(4) + ascii("Hola") + be32(8) + ascii("frcd"))
        let decoded = try Tx3gSampleDecoder.decode(bytes)
        #expect(decoded.text == "Hola")
        #expect(decoded.isForced)
    }

    @Test func gapIsTwoZeroBytes() throws {
        let encoder = Tx3gSampleEncoder(description: Tx3gSampleDescription())
        #expect(try encoder.encode(TimelineSample(start: 0, duration: 500, cues: [], cueIndices: [])) == [0, 0])
        #expect(try Tx3gSampleDecoder.decode([0, 0]).isEmpty)
    }

    @Test func stylRecordsCountUnicodeScalars() throws {
        // "¡Sí <b>señor</b>" : the bold run starts after 4 scalars (6 UTF-8 bytes).
        let text = CueText(runs: [run("¡Sí "), run("señor", bold: true), run(" 😀 "), run("fin", italic: true, color: .red)])
        let bytes = try Tx3gSampleEncoder(description: Tx3gSampleDescription()).encode(sample([Cue(start: ms(0), end: ms(1), text: text)]))
        let utf8 = Array("¡Sí señor 😀 fin".utf8)
        let expected = be16(UInt16(utf8.count)) + utf8
            + be32(10 + 2 * 12) + ascii("styl") + be16(2)
            // start 4, end 9, font 1, face bold, size 18, white
            + be16(4) + be16(9) + be16(1) + [0x01, 18] + [0xFF, 0xFF, 0xFF, 0xFF]
            // after "señor 😀 " (9 + 3 scalars: the emoji is one scalar) comes "fin": 12..<15, italic, red
            + be16(12) + be16(15) + be16(1) + [0x02, 18] + [0xFF, 0x00, 0x00, 0xFF]
        #expect(bytes == expected)
        #expect(try Tx3gSampleDecoder.decode(bytes).text == text)
    }

    @Test func topPlacementWritesTboxOnlyWithTheVerticalPlacementFlag() throws {
        let top = Cue(start: ms(0), end: ms(1000), text: "Up", placement: .top)
        let bottom = Cue(start: ms(1000), end: ms(2000), text: "Down")
        let track = try Tx3gSampleEncoder.encode(timeline([top, bottom]), videoWidth: 1920, videoHeight: 1080)
        #expect(track.description.displayFlags == .verticalPlacement)
        #expect(track.description.defaultTextBox == Tx3gTextBox(top: 0, left: 0, bottom: 1080, right: 1920))
        // 0002 "Up" | 00000010 'tbox' top 0 left 0 bottom 162 (15 % of 1080) right 1920
        #expect(track.samples[0].bytes == be16(2) + ascii("Up") + be32(16) + ascii("tbox") + be16(0) + be16(0) + be16(162) + be16(1920))
        #expect(track.samples[1].bytes == be16(4) + ascii("Down"))
        #expect(try Tx3gSampleDecoder.decode(track.samples[0].bytes, description: track.description).placement == .top)

        // Without the flag a tbox is not written (Apple ignores it and forbids it).
        let plain = Tx3gSampleEncoder(description: Tx3gSampleDescription())
        #expect(try plain.encode(sample([top])) == be16(2) + ascii("Up"))
    }

    @Test func simultaneousCuesAreJoinedByANewline() throws {
        let cues = [Cue(start: ms(0), end: ms(2000), text: "First"), Cue(start: ms(1000), end: ms(3000), text: "Second")]
        let track = try Tx3gSampleEncoder.encode(timeline(cues))
        #expect(track.samples.map(\.bytes) == [
            be16(5) + ascii("First"), be16(12) + ascii("First\nSecond"), be16(6) + ascii("Second"),
        ])
        #expect(track.samples.map(\.duration) == [1000, 1000, 1000])
    }

    @Test func textLongerThan65535BytesIsAClearError() throws {
        let long = String(repeating: "ñ", count: 40_000)  // 80,000 UTF-8 bytes
        let cues = [Cue(start: ms(0), end: ms(1000), text: "ok"), Cue(start: ms(2000), end: ms(3000), text: CueText(long))]
        let error = try #require(throws: SampleCodecError.self) { try Tx3gSampleEncoder.encode(timeline(cues)) }
        #expect(error.reason == .textTooLong(byteCount: 80_000, limit: 65_535))
        #expect(error.sampleIndex == 2)  // ok, the gap, then the long one
        #expect(error.description == "sample 3 at 00:00:02.000: text is 80000 UTF-8 bytes, more than the 65535 a tx3g sample can hold")
    }

    // MARK: Sample description

    @Test func descriptionBoxBytes() throws {
        // 16 bytes of SampleEntry, 30 of fields, a 23-byte ftab (one `Serif` entry would make 64).
        let description = Tx3gSampleDescription(displayFlags: [.someSamplesForced, .allSamplesForced])
        let bytes = try description.makeBox().encoded()
        let expected = be32(69) + ascii("tx3g") + [0, 0, 0, 0, 0, 0] + be16(1)
            + be32(0xC000_0000)          // display flags: all samples forced
            + [0x01, 0xFF]               // centred, bottom
            + [0, 0, 0, 0]               // transparent background
            + be16(0) + be16(0) + be16(0) + be16(0)  // default text box
            + be16(0) + be16(0) + be16(1) + [0, 18] + [0xFF, 0xFF, 0xFF, 0xFF]  // default style
            + be32(23) + ascii("ftab") + be16(1) + be16(1) + [10] + ascii("Sans-Serif")
        #expect(bytes == expected)
        #expect(try Tx3gSampleDescription(description.makeBox()) == description)
        // The same bytes parsed by the box tree parser (a leaf at the top level).
        let parsed = try #require(try BoxTreeParser.parseBoxes(bytes).first)
        #expect(try Tx3gSampleDescription(parsed) == description)
    }

    @Test func forcedFlagsFollowTheSamples() throws {
        let forced = Cue(start: ms(0), end: ms(1000), text: "A", isForced: true)
        let regular = Cue(start: ms(2000), end: ms(3000), text: "B")
        #expect(try Tx3gSampleEncoder.encode(timeline([forced, regular])).description.displayFlags == .someSamplesForced)
        let all = try Tx3gSampleEncoder.encode(timeline([forced]))
        #expect(all.description.displayFlags.rawValue == 0xC000_0000)
        #expect(all.description.isAllForced)
        #expect(try Tx3gSampleEncoder.encode(timeline([regular])).description.displayFlags == [])
    }

    /// QTFF "Subtitle sample description": 0x80000000 means all samples are forced, with or
    /// without 0x40000000 (some samples forced) beside it.
    @Test(arguments: [(UInt32(0x8000_0000), true), (0xC000_0000, true), (0x4000_0000, false), (0, false)])
    func allForcedIsTheHighBit(flags: UInt32, allForced: Bool) throws {
        let description = Tx3gSampleDescription(displayFlags: Tx3gDisplayFlags(rawValue: flags))
        #expect(description.isAllForced == allForced)
        // An empty-text sample (u16 length 0) carries no `frcd`: only the description can force it.
        #expect(try Tx3gSampleDecoder.decode(be16(0), description: description).isForced == allForced)
    }

    @Test func unknownBoxesAfterFtabSurvive() throws {
        var description = Tx3gSampleDescription()
        description.otherBoxes = TestBox.leaf("btrt", be32(0) + be32(1000) + be32(800)).bytes
        let decoded = try Tx3gSampleDescription(description.makeBox())
        #expect(decoded.otherBoxes == description.otherBoxes)
        #expect(try decoded.makeBox().encoded() == description.makeBox().encoded())
    }

    @Test func wrongEntryIsRejected() {
        #expect(throws: SampleCodecError(.wrongSampleEntry(expected: "tx3g", found: "wvtt"))) {
            try Tx3gSampleDescription(Box(type: "wvtt", payload: []))
        }
    }

    // MARK: Decoding what others write

    @Test func utf16TextWithByteOrderMark() throws {
        let bytes = be16(6) + [0xFE, 0xFF, 0x4F, 0x60, 0x59, 0x7D]
        #expect(try Tx3gSampleDecoder.decode(bytes).text.plainText == "你好")
    }

    @Test func overlappingRecordsLastWinsAndOffsetsClip() throws {
        let records = TestBox.leaf("styl", be16(2)
            + be16(0) + be16(4) + be16(1) + [0x01, 18] + [0xFF, 0xFF, 0xFF, 0xFF]
            + be16(2) + be16(200) + be16(1) + [0x02, 18] + [0xFF, 0xFF, 0xFF, 0xFF]).bytes
        let decoded = try Tx3gSampleDecoder.decode(be16(6) + ascii("abcdef") + records)
        #expect(decoded.text == CueText(runs: [run("ab", bold: true), run("cdef", italic: true)]))
    }

    @Test func carriageReturnsBecomeLineBreaks() throws {
        #expect(try Tx3gSampleDecoder.decode(be16(6) + ascii("a\r\nb\rc")).text.plainText == "a\nb\nc")
    }

    @Test func malformedModifierIsAnError() throws {
        // A styl box that declares 100 bytes in a sample that has 10 after the text.
        let bytes = be16(2) + ascii("Hi") + be32(100) + ascii("styl") + be16(1)
        #expect(throws: SampleCodecError.self) { try Tx3gSampleDecoder.decode(bytes) }
        // The text length runs past the sample.
        #expect(throws: SampleCodecError.self) { try Tx3gSampleDecoder.decode(be16(9) + ascii("Hi")) }
        // A few bytes of padding are ignored, as FFmpeg does.
        #expect(try Tx3gSampleDecoder.decode(be16(2) + ascii("Hi") + [0, 0, 0]).text == "Hi")
    }

    // MARK: Round trips

    @Test func cuesSurviveTx3gAndBack() throws {
        let cues = [
            Cue(start: ms(500), end: ms(1500), text: CueText(runs: [run("Bold", bold: true), run(" and "), run("red", color: .red)])),
            Cue(start: ms(1800), end: ms(2800), text: CueText(runs: [run("Under", underline: true), run("\nline two", italic: true)])),
            Cue(start: ms(3000), end: ms(4000), text: "Arriba", placement: .top),
            Cue(start: ms(4000), end: ms(4500), text: "Forzado", isForced: true),
            Cue(start: ms(7_200_000), end: ms(7_200_900), text: "Late in a long film"),
        ]
        for timescale: UInt32 in [1000, 600, 90_000] {
            let track = try Tx3gSampleEncoder.encode(timeline(cues, timescale: timescale), videoWidth: 1280, videoHeight: 720)
            let entry = try Tx3gSampleDescription(BoxTreeParser.parseBoxes(track.description.makeBox().encoded())[0])
            let decoded = try Tx3gSampleDecoder.cues(from: track.samples, timescale: timescale, description: entry)
            #expect(decoded == cues, "timescale \(timescale)")
        }
    }

    @Test func fixtureFilesSurviveTx3gAndBack() throws {
        for name in ["interop.srt", "tags.srt"] {
            let cues = try SubRipParser.parse(bytes: fixture(name)).cues
            let line = try timeline(cues)
            let track = try Tx3gSampleEncoder.encode(line)
            let decoded = try Tx3gSampleDecoder.cues(from: track.samples, timescale: 1000, description: track.description)
            // What tx3g carries: text with bold/italic/underline/colour, placement, times.
            let expected = cues.map { cue in
                Cue(start: cue.start, end: cue.end, text: Self.tx3gView(cue.text), placement: cue.placement, isForced: cue.isForced)
            }
            #expect(decoded == expected, "\(name)")
        }
    }

    /// The part of a text `tx3g` carries.
    static func tx3gView(_ text: CueText) -> CueText {
        CueText(runs: text.runs.map { run in
            StyledRun(run.style.ruby == .annotation ? "(" + run.text + ")" : run.text,
                      style: TextStyle(isBold: run.style.isBold, isItalic: run.style.isItalic, isUnderlined: run.style.isUnderlined,
                                       color: run.style.color == SubtitleColor(red: 255, green: 255, blue: 255) ? nil : run.style.color))
        })
    }

    @Test func mergesRepeatedSamplesButKeepsDistinctOnes() throws {
        let samples = [
            TimedTextSample(start: 0, duration: 500, bytes: [0, 0]),
            TimedTextSample(start: 500, duration: 500, bytes: be16(1) + ascii("A")),
            TimedTextSample(start: 1000, duration: 500, bytes: be16(1) + ascii("A")),
            TimedTextSample(start: 1500, duration: 500, bytes: be16(1) + ascii("B")),
            TimedTextSample(start: 2000, duration: 500, bytes: [0, 0]),
            TimedTextSample(start: 2500, duration: 500, bytes: be16(1) + ascii("B")),
        ]
        let cues = try Tx3gSampleDecoder.cues(from: samples, timescale: 1000)
        #expect(summary(cues) == ["500-1500 A", "1500-2000 B", "2500-3000 B"])
    }

    @Test func fuzzEntryPointSurvivesHostileBytes() {
        var generator = SplitMix64(seed: 0x7478_3367)
        for length in [0, 1, 2, 3, 7, 8, 16, 48, 53, 64, 300] {
            for _ in 0..<200 {
                var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                if length >= 2, generator.next() % 2 == 0 {
                    // A plausible text length, so the modifier boxes get exercised too.
                    bytes[0] = 0
                    bytes[1] = UInt8(truncatingIfNeeded: generator.next() % UInt64(min(length, 256)))
                }
                Tx3gSampleDecoder.fuzz(bytes)
                QuickTimeTextSampleDecoder.fuzz(bytes)
            }
        }
    }
}
