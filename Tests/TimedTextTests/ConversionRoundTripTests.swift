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
        // align:end in a track of centred cues (7); and the identifier `placed` (1), which a tx3g
        // sample has no field for.
        #expect(Self.lossTable(losses) == ["identifier": [1], "voice": [2], "class": [2], "language-span": [3], "ruby": [5], "region": [5],
                                           "vertical-text": [6], "alignment": [7]])
        try #require(output.count == input.count)
        #expect(zip(output, input).allSatisfy { $0.start == $1.start && $0.end == $1.end })

        // Cue 1: line:10% position:20%,line-left size:40% — a box at 10 % from the top, 20 % from
        // the left, 40 % wide; bold, italic and underlined runs.
        let placed = output[0].settings
        let box = Self.horizontalBox(placed)
        #expect(abs(box.left - 20) <= 100 / Self.width && abs(box.width - 40) <= 100 / Self.width)
        #expect(placed.line == CueSettings.CueLine(.percentage(10)))
        #expect(output[0].identifier == nil)
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

    /// features.ttml into `wvtt` samples and back: the times, the regions' boxes (line, position,
    /// size), alignment, bold and the colours of WebVTT's classes (red, lime = #00ff00) come back
    /// as the input file has them; what WebVTT has no field for — the font size (cue 1), orange
    /// (2), the outline (3), the forced span (4), the forced cue (5) — is named, and the cue comes
    /// back without it.
    @Test func ttmlFeaturesThroughWvtt() throws {
        let input = try TTMLParser.parse(bytes: fixture("features.ttml")).cues
        try #require(input.count == 5)
        let track = WebVTTSampleEncoder.encode(try CueTimeline(cues: input, timescale: 1000))
        #expect(Self.lossTable(track.losses) == ["font-size": [1], "color": [2], "outline": [3], "forced-span": [4], "forced": [5]])
        let output = try WebVTTSampleDecoder.cues(from: track.samples, timescale: 1000)
        try #require(output.count == input.count)
        #expect(output.map(\.start) == input.map(\.start))
        #expect(output.map(\.end) == input.map(\.end))
        #expect(output.map(\.settings) == input.map(\.settings))
        #expect(output.map(\.isForced) == [false, false, false, false, false])
        let expected = input.map { cue in
            CueText(runs: cue.text.runs.map { run in
                var style = run.style
                style.fontScale = nil
                style.isOutlined = false
                style.isForced = false
                if style.color?.webVTTClassName == nil { style.color = nil }
                return StyledRun(run.text, style: style, timestamp: run.timestamp)
            })
        }
        #expect(output.map { WebVTTWriter.payloadText($0.text) } == expected.map(WebVTTWriter.payloadText))
        #expect(output[1].text.runs.compactMap(\.style.color) == [SubtitleColor(red: 255, green: 0, blue: 0), SubtitleColor(red: 0, green: 255, blue: 0)])
    }

    /// background-font.ttml: a black background on every paragraph (style `boxed`), an orange one
    /// on a span of cue 3 (painted over the paragraph's, TTML1 §8.2.1); the families Courier New
    /// (cue 1), monospace (2) and the list "Arial, proportionalSansSerif" (4), TTML1 §8.2.8.
    @Test func backgroundColoursAndFontFamilies() throws {
        let input = try TTMLParser.parse(bytes: fixture("background-font.ttml")).cues
        try #require(input.count == 4)
        let black = SubtitleColor(red: 0, green: 0, blue: 0), orange = SubtitleColor(red: 255, green: 165, blue: 0)
        #expect(input.map { $0.text.runs.map(\.style.backgroundColor) } == [[black, black], [black, black], [orange, black], [black]])
        #expect(input.map { $0.text.runs.map(\.style.fontFamily) } == [[nil, "Courier New"], ["monospace", nil], [nil, nil], ["Arial, proportionalSansSerif"]])

        // tx3g: the track's background is black, the colour behind most of the text (the
        // description's, which is not read back into cues); cue 3's orange has no place. Courier New and Monospace go into the font table; of cue 4's list
        // only Arial.
        let (output, losses, track) = try Self.tx3gRoundTrip(input)
        #expect(Self.lossTable(losses) == ["background-color": [3], "font-family": [4]])
        #expect(track.description.backgroundColor == black)
        #expect(track.description.fonts.map(\.name) == ["Sans-Serif", "Courier New", "Monospace", "Arial"])
        #expect(output.map { $0.text.runs.map(\.style.fontFamily) } == [[nil, "Courier New"], ["monospace", nil], [nil], ["Arial"]])

        // WebVTT: black is its class bg_black, orange is no class; it has no font families.
        #expect(Self.lossTable(SubtitleTarget.webVTT.losses(of: input)) == ["background-color": [3], "font-family": [1, 2, 4]])
        let vtt = try WebVTTParser.parse(string: WebVTTWriter.write(cues: input, header: WebVTTHeader())).cues
        #expect(vtt.map { $0.text.runs.filter { $0.style.backgroundColor == black }.map(\.text).joined() }
                == ["Boxed typed", "code and text", " words", "Fallbacks"])
        #expect(Self.lossTable(SubtitleTarget.subRip.losses(of: input)) == ["background-color": [1, 2, 3, 4], "font-family": [1, 2, 4]])
        // TTML keeps both.
        #expect(SubtitleTarget.ttml.losses(of: input).isEmpty)
        let ttml = try TTMLParser.parse(string: TTMLWriter.write(cues: input)).cues
        #expect(ttml.map { $0.text.runs.map(\.style.backgroundColor) } == input.map { $0.text.runs.map(\.style.backgroundColor) })
        #expect(ttml.map { $0.text.runs.map(\.style.fontFamily) } == input.map { $0.text.runs.map(\.style.fontFamily) })
    }

    /// STYLE blocks are CSS: WebVTT (and wvtt's vttC) keep them, no other format has a place.
    @Test func styleBlocksAreALossOutsideWebVTT() throws {
        let header = try WebVTTParser.parse(bytes: fixture("style-blocks.vtt")).webVTTHeader
        #expect(header?.styleSheets.count == 2)
        #expect(SubtitleTarget.webVTT.losses(of: header).isEmpty)
        for target in [SubtitleTarget.tx3g, .subRip, .ttml] {
            let losses = target.losses(of: header)
            #expect(losses.map(\.kind) == [.styleBlock] && losses.first?.numbers == [1, 2], "\(target)")
            #expect(losses.first?.summary.hasPrefix("STYLE blocks 1, 2: WebVTT STYLE blocks (CSS) have no \(target) form") == true)
        }
    }

    /// SubRip keeps bold, italic, underline, colours and top placement only: not the identifier
    /// of cue 1 (a SubRip cue number only counts the cues).
    @Test func subRipLosses() throws {
        let vtt = try WebVTTParser.parse(bytes: fixture("features.vtt")).cues
        #expect(Self.lossTable(SubtitleTarget.subRip.losses(of: vtt)) == [
            "identifier": [1], "position": [1, 3], "voice": [2], "class": [2], "language-span": [3], "karaoke": [4], "ruby": [5], "region": [5],
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
        // Issue 29 changed this form on purpose: runs are ranges, with the count.
        #expect(many.summary == "cues 1-20 (20 cues): m")
    }

    /// Issue 29 §3: one line per kind of loss, its cues as ranges and a count, however many
    /// there are; the numbers themselves stay whole for --json.
    @Test func summaryListsRunsAsRangesWithACount() {
        let numbers = [1, 2, 3, 7] + Array(10...2000)
        let loss = ConversionLoss(kind: .voice, numbers: numbers, message: "m")
        #expect(loss.summary == "cues 1-3, 7, 10-2000 (1995 cues): m")
        #expect(loss.numbers == numbers)
        #expect(ConversionLoss(kind: .voice, numbers: [5], message: "m").summary == "cue 5: m")
        #expect(ConversionLoss(kind: .voice, numbers: [4, 5], message: "m").summary == "cues 4, 5: m")
        // Every other cue: more pieces than a line lists; the rest is counted, not printed.
        let scattered = ConversionLoss(kind: .voice, numbers: Array(stride(from: 1, through: 99_999, by: 2)), message: "m")
        #expect(scattered.summary == "cues 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, … (50000 cues): m")
    }
}
