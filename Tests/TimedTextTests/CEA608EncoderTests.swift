import Foundation
import Testing
@testable import TimedText

@Suite("CEA-608 encoder")
struct CEA608EncoderTests {
    static let rate = CEA608FrameRate.ntsc

    static func cue(_ start: Int64, _ end: Int64, _ text: CueText, placement: CuePlacement = .bottom) -> Cue {
        Cue(start: .milliseconds(start), end: .milliseconds(end), text: text, placement: placement)
    }

    /// Encodes and decodes back on the same grid.
    static func roundTrip(_ cues: [Cue], channel: CEA608Channel = .cc1) -> (CEA608Encoding, [Cue]) {
        let encoding = CEA608Encoder.encode(cues, channel: channel, frameRate: rate)
        let field1 = channel.field == .one ? encoding.bursts : []
        let field2 = channel.field == .two ? encoding.bursts : []
        return (encoding, CEA608Decoder.captions(field1: field1, field2: field2, frameRate: rate).cues(for: channel))
    }

    /// Within a frame of the input (the grid is 1001/30000 s).
    static func expectClose(_ time: SubtitleTime, _ wanted: SubtitleTime, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(time.microseconds - wanted.microseconds) <= 33_367, "\(time) vs \(wanted)", sourceLocation: sourceLocation)
    }

    @Test func popOnCaptionsComeBackWithTheirTextAndTimes() {
        let cues = [
            Self.cue(2_000, 4_000, "[upbeat music]"),
            Self.cue(4_000, 6_500, "NARRATOR: Welcome to the demo.\nSecond line here."),
            Self.cue(9_000, 10_000, "Señor, ¿qué tal? Über café «bien»", placement: .top),
        ]
        let (encoding, decoded) = Self.roundTrip(cues)
        #expect(encoding.warnings.isEmpty, "\(encoding.warnings)")
        try? #require(decoded.count == cues.count, "\(decoded)")
        for (got, wanted) in zip(decoded, cues) {
            // The 34-character line is broken at a space to fit 32 columns.
            #expect(got.text.plainText.replacingOccurrences(of: "\n", with: " ") == wanted.text.plainText.replacingOccurrences(of: "\n", with: " "))
            #expect(got.placement == wanted.placement)
            Self.expectClose(got.start, wanted.start)
            Self.expectClose(got.end, wanted.end)
        }
    }

    @Test func everyChannelRoundTrips() {
        for channel in CEA608Channel.allCases {
            let (_, decoded) = Self.roundTrip([Self.cue(1_000, 2_000, "Channel test")], channel: channel)
            #expect(decoded.map(\.text.plainText) == ["Channel test"], "\(channel)")
        }
    }

    @Test func controlCodesAreSentTwiceAndEndOfCaptionStartsABurst() {
        let encoding = CEA608Encoder.encode([Self.cue(3_000, 4_000, "Hi")], frameRate: Self.rate)
        let eoc = CEA608ControlCode.endOfCaption.pair(on: .cc1)
        let edm = CEA608ControlCode.eraseDisplayedMemory.pair(on: .cc1)
        #expect(encoding.bursts.count == 3)
        #expect(encoding.bursts[0].pairs.prefix(4) == [CEA608BytePair(0x94, 0x20), CEA608BytePair(0x94, 0x20),
                                                        CEA608BytePair(0x94, 0xAE), CEA608BytePair(0x94, 0xAE)])
        #expect(encoding.bursts[1] == CEA608Burst(frame: Self.rate.frame(nearest: .seconds(3)), pairs: [eoc, eoc]))
        #expect(encoding.bursts[2] == CEA608Burst(frame: Self.rate.frame(nearest: .seconds(4)), pairs: [edm, edm]))
        // The load ends right before the EOC frame.
        let load = encoding.bursts[0]
        #expect(load.frame + Int64(load.pairs.count) == encoding.bursts[1].frame)
    }

    @Test func stylesBecomeCodesAndComeBack() {
        let text = CueText(runs: [StyledRun("plain "), StyledRun("slanted", style: TextStyle(isItalic: true)),
                                  StyledRun(" red", style: TextStyle(color: SubtitleColor(red: 255, green: 0, blue: 0)))])
        let (encoding, decoded) = Self.roundTrip([Self.cue(1_000, 3_000, text)])
        #expect(encoding.warnings.isEmpty)
        let runs = decoded.first?.text.runs ?? []
        #expect(decoded.first?.text.plainText == "plain slanted red")
        #expect(runs.first { $0.text.contains("slanted") }?.style.isItalic == true)
        #expect(runs.first { $0.text.contains("red") }?.style.color == SubtitleColor(red: 255, green: 0, blue: 0))
    }

    @Test func longTextBreaksAt32ColumnsAndAtMostFourRows() {
        let long = String(repeating: "word ", count: 40)
        let (encoding, decoded) = Self.roundTrip([Self.cue(1_000, 5_000, CueText(long))])
        let lines = decoded.first?.text.plainText.split(separator: "\n") ?? []
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.count <= 32 })
        #expect(encoding.warnings.contains { $0.kind == .tooManyRows(7) && $0.cues == [1] })
    }

    @Test func charactersWithoutA608FormAreNamed() {
        let encoding = CEA608Encoder.encode([Self.cue(0, 1_000, "ok"), Self.cue(2_000, 3_000, "漢字 ok")], frameRate: Self.rate)
        // Cue 1 starts at 0, before its load can be sent: it is late too.
        #expect(encoding.warnings.filter(\.isLoss) == [CEA608EncodingWarning(cues: [2], kind: .unmappableCharacters("漢字"))])
        #expect(encoding.warnings[0].description.contains("U+6F22"))
    }

    @Test func captionsThatCannotLoadInTimeAreLate() {
        // Each cue needs ~25 frames to load; the second starts 5 frames after the first.
        let first = Self.cue(2_000, 2_100, "A caption long enough to take time")
        let second = Self.cue(2_170, 3_000, "Another long caption right after it")
        let encoding = CEA608Encoder.encode([first, second], frameRate: Self.rate)
        let late = encoding.warnings.filter { !$0.isLoss }
        #expect(late.count == 1)
        #expect(late.first?.cues == [2])
        if case .late(let frames)? = late.first?.kind { #expect(frames > 10) } else { Issue.record("no late warning") }
    }

    /// Issue 29 §3: captions late by different numbers of frames are one warning naming them
    /// all as ranges (100,000 captions once printed 26,980 lines).
    @Test func lateCaptionsAreOneWarning() {
        // Each cue needs ~25 frames to load and starts 170 ms (about 5 frames) after the last.
        let cues = (0..<200).map { Self.cue(2_000 + Int64($0) * 170, 2_000 + Int64($0) * 170 + 160, CueText(stringLiteral: "A caption long enough to take time \($0)")) }
        let late = CEA608Encoder.encode(cues, frameRate: Self.rate).warnings.filter { !$0.isLoss }
        #expect(late.count == 1)
        let cuesLate = late.first?.cues ?? []
        #expect(cuesLate.count > 100 && cuesLate == cuesLate.sorted())
        #expect(late.first?.description.hasPrefix("cues 2-") == true, "\(late.first?.description ?? "")")
        #expect(late.first?.description.contains("(\(cuesLate.count) cues): shown up to ") == true, "\(late.first?.description ?? "")")
    }

    @Test func overlappingCuesShareTheScreen() {
        let (_, decoded) = Self.roundTrip([Self.cue(1_000, 3_000, "Top speaker"), Self.cue(2_000, 4_000, "Second")])
        #expect(decoded.map(\.text.plainText) == ["Top speaker", "Top speaker\nSecond", "Second"])
    }
}
