import Conversion
import Testing
@testable import TimedText

/// WebVTT and TTML with every cue feature, into `tx3g` and `wvtt` samples and back. The expected
/// cue properties are read off the input files by the rules of the documents they follow (W3C
/// WebVTT §7.2 for where settings put a cue box; TTML2 §10.2 for regions and font sizes), and
/// the expected losses are the features each format has no field for (3GPP TS 26.245 §5.17 for
/// `tx3g`: `styl`, `krok`, `tbox`, `frcd` and nothing for voices, classes, ruby, languages,
/// regions, vertical cues or outlines).
@Suite struct ConversionRoundTripTests {
    /// A 640×360 video: the area a `tx3g` track with placed samples covers.
    static let width = 640.0, height = 360.0

    static func tx3gRoundTrip(_ cues: [Cue]) throws -> (cues: [Cue], losses: [ConversionLoss], track: EncodedTextTrack<Tx3gSampleDescription>) {
        let timeline = try CueTimeline(cues: cues, timescale: 1000)
        let track = try Tx3gSampleEncoder.encode(timeline, videoWidth: UInt16(width), videoHeight: UInt16(height))
        let decoded = try Tx3gSampleDecoder.cues(from: track.samples, timescale: 1000, description: track.description)
        return (decoded, track.losses, track)
    }

    static func lossTable(_ losses: [ConversionLoss]) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: losses.map { ($0.kind.rawValue, $0.numbers) })
    }

    /// The left edge and width of a cue box in percent of the video, per WebVTT's processing
    /// model: `position` anchors the box by its alignment (line-left, center, line-right, from
    /// `align` when not given), `size` is its width.
    static func horizontalBox(_ settings: CueSettings) -> (left: Double, width: Double) {
        let size = settings.size ?? 100
        let position = settings.position?.percentage ?? 50
        switch settings.position?.alignment ?? .center {
        case .lineLeft: return (position, size)
        case .center: return (position - size / 2, size)
        case .lineRight: return (position - size, size)
        }
    }

    @Test func webVTTFeaturesSurviveTx3g() throws {
        let input = try WebVTTParser.parse(bytes: fixture("features.vtt")).cues
        #expect(input.count == 8)
        let (output, losses, _) = try Self.tx3gRoundTrip(input)
        // The cues tx3g cannot carry whole, by kind, as the input has them: Anna's voice and the
        // class `loud` (cue 2), the French span (3), ruby and a region (5), vertical text (6),
        // align:end in a track of centred cues (7).
        #expect(Self.lossTable(losses) == ["voice": [2], "class": [2], "language-span": [3], "ruby": [5], "region": [5],
                                           "vertical-text": [6], "alignment": [7]])
        try #require(output.count == input.count)
        #expect(zip(output, input).allSatisfy { $0.start == $1.start && $0.end == $1.end })

        // Cue 1: line:10% position:20%,line-left size:40% — a box at 10 % from the top, 20 % from
        // the left, 40 % wide; bold, italic and underlined runs.
        let placed = output[0].settings
        let box = Self.horizontalBox(placed)
        #expect(abs(box.left - 20) <= 100 / Self.width && abs(box.width - 40) <= 100 / Self.width)
        #expect(placed.line == CueSettings.CueLine(.percentage(10)))
        #expect(output[0].identifier == nil || output[0].identifier == "placed")
        #expect(output[0].text == input[0].text)

        // Cue 3: line:50%,center — the one-line box centred on the middle; position:70% size:30%
        // centred — left edge 55 %; the colour classes yellow and cyan are colours tx3g keeps.
        let middle = output[2].settings
        let lineHeight = (Self.height * 6 / 100).rounded(.down)
        guard case .percentage(let top)? = middle.line?.value else { Issue.record("cue 3 has no line"); return }
        #expect(abs(top / 100 * Self.height - (Self.height / 2 - lineHeight / 2)) <= 1)
        #expect(abs(Self.horizontalBox(middle).left - 55) <= 100 / Self.width)
        #expect(abs(Self.horizontalBox(middle).width - 30) <= 100 / Self.width)
        #expect(output[2].text.runs.compactMap(\.style.color) == [SubtitleColor(red: 255, green: 255, blue: 0), SubtitleColor(red: 0, green: 255, blue: 255)])

        // Cue 4: karaoke — "two " from 7.5 s and "three" from 8.25 s.
        #expect(output[3].text == input[3].text)
        #expect(output[3].text.runs.compactMap(\.timestamp) == [.milliseconds(7_500), .milliseconds(8_250)])

        // Cue 2 (line:-1, the bottom line) and cue 8 (line:0, the top line) are placements.
        #expect(output[1].placement == .bottom && output[1].settings.isPlacementOnly)
        #expect(output[7].placement == .top && output[7].settings.isEmpty)
        #expect(WebVTTWriter.settingsText(for: output[7]) == "line:0")
    }

    @Test func ttmlFeaturesSurviveTx3g() throws {
        let input = try TTMLParser.parse(bytes: fixture("features.ttml")).cues
        try #require(input.count == 5)
        // Region "top": origin 10% 10%, extent 80% 20%, text before (at the top).
        #expect(input[0].settings.line == CueSettings.CueLine(.percentage(10)))
        #expect(input[0].settings.position == CueSettings.CuePosition(10, alignment: .lineLeft))
        #expect(input[0].settings.size == 80)
        // tts:fontSize="150%".
        #expect(input[0].text.runs.map(\.style.fontScale) == [nil, 1.5])
        // Region "bottom": text after, at 70 % + 20 %.
        #expect(input[1].settings.line == CueSettings.CueLine(.percentage(90), alignment: .end))
        #expect(input[2].text.runs.allSatisfy { $0.style.isOutlined })
        #expect(!input[3].isForced && input[3].text.runs.map(\.style.isForced) == [false, true])
        #expect(input[4].isForced)

        let (output, losses, _) = try Self.tx3gRoundTrip(input)
        // tx3g has no outlines, and forces whole samples only.
        #expect(Self.lossTable(losses) == ["outline": [3], "forced-span": [4]])
        try #require(output.count == 5)
        #expect(output[0].settings.line == CueSettings.CueLine(.percentage(10)))
        #expect(abs(Self.horizontalBox(output[0].settings).left - 10) <= 100 / Self.width)
        #expect(abs(Self.horizontalBox(output[0].settings).width - 80) <= 100 / Self.width)
        #expect(output[0].text.runs.map(\.style.fontScale) == [nil, 1.5])
        // The bottom region's box ends at 90 % of the height.
        guard case .percentage(let top)? = output[1].settings.line?.value else { Issue.record("cue 2 has no line"); return }
        #expect(abs(top / 100 * Self.height + (Self.height * 6 / 100).rounded(.down) - 0.9 * Self.height) <= 1)
        #expect(output[1].text.runs.compactMap(\.style.color) == [
            SubtitleColor(red: 255, green: 0, blue: 0), SubtitleColor(red: 0, green: 255, blue: 0), SubtitleColor(red: 255, green: 165, blue: 0),
        ])
        #expect(output[4].isForced)
        #expect(!output[3].isForced)
    }

    /// WebVTT keeps everything of features.vtt; of features.ttml it loses the font size (cue 1),
    /// orange, which is not one of its colour classes (2), the outline (3), the forced span (4)
    /// and the forced cue (5).
    @Test func webVTTLosesWhatTTMLHasBeyondIt() throws {
        let vtt = try WebVTTParser.parse(bytes: fixture("features.vtt")).cues
        #expect(SubtitleTarget.webVTT.losses(of: vtt).isEmpty)
        let ttml = try TTMLParser.parse(bytes: fixture("features.ttml")).cues
        #expect(Self.lossTable(SubtitleTarget.webVTT.losses(of: ttml)) == ["font-size": [1], "color": [2], "outline": [3],
                                                                          "forced-span": [4], "forced": [5]])
        let timeline = try CueTimeline(cues: vtt, timescale: 1000)
        let track = WebVTTSampleEncoder.encode(timeline)
        #expect(track.losses.isEmpty)
        let decoded = try WebVTTSampleDecoder.cues(from: track.samples, timescale: 1000)
        #expect(decoded.map(\.settings) == vtt.map(\.settings))
        #expect(decoded.map(\.text) == vtt.map(\.text))
    }

    /// SubRip keeps bold, italic, underline, colours and top placement only.
    @Test func subRipLosses() throws {
        let vtt = try WebVTTParser.parse(bytes: fixture("features.vtt")).cues
        #expect(Self.lossTable(SubtitleTarget.subRip.losses(of: vtt)) == [
            "position": [1, 3], "voice": [2], "class": [2], "language-span": [3], "karaoke": [4], "ruby": [5], "region": [5],
            "vertical-text": [6], "alignment": [7],
        ])
    }

    /// Overlapping cues share a tx3g sample: its one box is the first cue's.
    @Test func overlappingPlacedCuesAreALoss() throws {
        let cues = [
            Cue(start: .seconds(1), end: .seconds(3), text: "first", settings: WebVTTParser.parseCueSettings("line:10%")),
            Cue(start: .seconds(2), end: .seconds(4), text: "second", settings: WebVTTParser.parseCueSettings("line:60%")),
        ]
        let track = try Tx3gSampleEncoder.encode(try CueTimeline(cues: cues, timescale: 1000), videoWidth: 640, videoHeight: 360)
        #expect(Self.lossTable(track.losses) == ["overlap": [2]])
    }

    /// Boxes a subtitle file has no form for are named with the cues they were in.
    @Test func unreadModifiersAreLosses() throws {
        // "Hi" with hlit 0..<2, then a plain sample.
        let highlighted: [UInt8] = [0, 2, 0x48, 0x69, 0, 0, 0, 12] + Array("hlit".utf8) + [0, 0, 0, 2]
        let plain: [UInt8] = [0, 2, 0x48, 0x6F]
        let track = try Tx3gSampleDecoder.track(from: [TimedTextSample(start: 0, duration: 1000, bytes: plain),
                                                       TimedTextSample(start: 1000, duration: 1000, bytes: highlighted)], timescale: 1000)
        #expect(track.cues.map(\.text.plainText) == ["Ho", "Hi"])
        #expect(Self.lossTable(track.losses) == ["tx3g-hlit": [2]])
    }

    @Test func imageSubtitlesAreListedNotRead() throws {
        let document = try TTMLParser.parse(bytes: fixture("image.ttml"))
        #expect(document.imageLines == [7])
        #expect(document.cues.map(\.text.plainText) == ["Text cue"])
    }

    @Test func summaryNamesCuesMessageAndHint() {
        let loss = ConversionLoss(kind: .voice, numbers: [12, 4, 9, 4], message: "WebVTT voice spans have no tx3g form",
                                  hint: "a wvtt track keeps them")
        #expect(loss.summary == "cues 4, 9, 12: WebVTT voice spans have no tx3g form; a wvtt track keeps them")
        let many = ConversionLoss(kind: .voice, numbers: Array(1...20), message: "m")
        #expect(many.summary == "cues 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, … (20 cues): m")
    }
}
