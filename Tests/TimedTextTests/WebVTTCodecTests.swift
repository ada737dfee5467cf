import ISOBMFF
import LegibleTestSupport
import Testing
@testable import TimedText

/// The `wvtt` codec (ISO/IEC 14496-30) against annotated bytes and in round trips.
@Suite struct WebVTTCodecTests {
    @Test func cueWithSettingsMatchesTheSpecExample() throws {
        let cue = Cue(start: ms(0), end: ms(1000), text: "Hi", settings: CueSettings(align: .start))
        let line = try CueTimeline(cues: [cue], timescale: 1000)
        let track = WebVTTSampleEncoder.encode(line)
        // vttc size 37 = 8 + sttg 19 + payl 10
        let expected = be32(37) + ascii("vttc") + be32(19) + ascii("sttg") + ascii("align:start") + be32(10) + ascii("payl") + ascii("Hi")
        #expect(track.samples.map(\.bytes) == [expected])
        #expect(try WebVTTSampleDecoder.cues(from: track.samples, timescale: 1000) == [cue])
    }

    @Test func gapsAreVtteAndIdentifiersAreIden() throws {
        let cues = [Cue(identifier: "intro", start: ms(500), end: ms(1000), text: "Hello")]
        let track = WebVTTSampleEncoder.encode(try CueTimeline(cues: cues, timescale: 1000))
        #expect(track.samples.map(\.bytes) == [
            be32(8) + ascii("vtte"),
            be32(8 + 13 + 13) + ascii("vttc") + be32(13) + ascii("iden") + ascii("intro") + be32(13) + ascii("payl") + ascii("Hello"),
        ])
        #expect(try WebVTTSampleDecoder.cues(from: track.samples, timescale: 1000) == cues)
    }

    @Test func overlappingCuesGetVsidAndAreJoinedBack() throws {
        let cues = [
            Cue(start: ms(0), end: ms(3000), text: "Long one"),
            Cue(start: ms(1000), end: ms(2000), text: "Short one"),
        ]
        let track = WebVTTSampleEncoder.encode(try CueTimeline(cues: cues, timescale: 1000))
        #expect(track.samples.count == 3)
        let vsid = be32(12) + ascii("vsid") + be32(0)
        let long = be32(8 + 12 + 16) + ascii("vttc") + vsid + be32(16) + ascii("payl") + ascii("Long one")
        let short = be32(8 + 17) + ascii("vttc") + be32(17) + ascii("payl") + ascii("Short one")
        #expect(track.samples[0].bytes == long)
        #expect(track.samples[1].bytes == long + short)
        #expect(track.samples[2].bytes == long)
        #expect(try WebVTTSampleDecoder.cues(from: track.samples, timescale: 1000) == cues)
    }

    @Test func innerTimestampsGetCtim() throws {
        let text = CueText(runs: [run("Never "), run("drink ", timestamp: ms(1500)), run("liquid", timestamp: ms(2000))])
        let cues = [Cue(start: ms(0), end: ms(1000), text: "Before"), Cue(start: ms(1000), end: ms(3000), text: text)]
        let track = WebVTTSampleEncoder.encode(try CueTimeline(cues: cues, timescale: 90_000))
        let boxes = try WebVTTSampleDecoder.decode(track.samples[1].bytes)
        #expect(boxes.count == 1)
        #expect(boxes[0].currentTime == ms(1000))
        #expect(boxes[0].payload == "Never <00:00:01.500>drink <00:00:02.000>liquid")
        #expect(try WebVTTSampleDecoder.cues(from: track.samples, timescale: 90_000) == cues)
    }

    @Test func headerWithStyleAndRegionGoesIntoVttC() throws {
        let document = try WebVTTParser.parse(bytes: fixture("full.vtt"))
        let header = try #require(document.webVTTHeader)
        let description = WebVTTSampleDescription(header: header, sourceLabel: "full.vtt")
        let box = description.makeBox()
        let bytes = try box.encoded()
        #expect(Array(bytes[4..<8]) == ascii("wvtt"))
        #expect(Array(bytes[8..<16]) == [0, 0, 0, 0, 0, 0, 0, 1])
        let parsed = try #require(try BoxTreeParser.parseBoxes(bytes).first)
        let decoded = try WebVTTSampleDescription(parsed)
        #expect(decoded == description)
        #expect(decoded.header == header)
        #expect(decoded.configuration.hasPrefix("WEBVTT"))
        #expect(decoded.configuration.contains("\nSTYLE\n") == !header.styleSheets.isEmpty)
        #expect(decoded.configuration.contains("\nREGION\n") == !header.regions.isEmpty)
        #expect(decoded.sourceLabel == "full.vtt")
    }

    @Test func entryWithoutVttCIsRejected() {
        let entry = Box(type: "wvtt", payload: [0, 0, 0, 0, 0, 0, 0, 1])
        #expect(throws: SampleCodecError(.missingBox("vttC"))) { try WebVTTSampleDescription(entry) }
    }

    @Test func fixtureSurvivesWvttAndBack() throws {
        let document = try WebVTTParser.parse(bytes: fixture("full.vtt"))
        let line = try CueTimeline(cues: document.cues, timescale: 1000)
        let track = WebVTTSampleEncoder.encode(line, header: document.webVTTHeader ?? WebVTTHeader())
        let decoded = try WebVTTSampleDecoder.cues(from: track.samples, timescale: 1000)
        // The timeline drops degenerate cues and orders by start; wvtt carries everything else
        // except the forced flag (WebVTT has none).
        let kept = Set(line.samples.flatMap(\.cueIndices))
        let expected = document.cues.enumerated().filter { kept.contains($0.offset) }
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        #expect(decoded.count == expected.count)
        for (got, want) in zip(decoded, expected) {
            #expect(got == Self.reparsed(want), "\(want.text.plainText)")
        }
    }

    /// A cue as the WebVTT writer and parser see it (top placement becomes `line:0`).
    static func reparsed(_ cue: Cue) -> Cue {
        let settings = WebVTTParser.parseCueSettings(WebVTTWriter.settingsText(for: cue))
        return Cue(identifier: cue.identifier, start: cue.start, end: cue.end,
                   text: WebVTTParser.parseCueText(WebVTTWriter.payloadText(cue.text)),
                   settings: settings, placement: settings.impliedPlacement)
    }

    // Android's Mp4WebvttParserTest samples: what their parser expects, ours gives.

    @Test func androidSingleCueSampleTrimsTheLineFeed() throws {
        let sample = be32(0x1C) + ascii("vttc") + be32(0x14) + ascii("payl") + ascii("Hello World\n")
        let cues = try WebVTTSampleDecoder.cues(from: [TimedTextSample(start: 0, duration: 10, bytes: sample)], timescale: 1000)
        #expect(cues.map(\.text.plainText) == ["Hello World"])
    }

    @Test func androidTwoCuesSample() throws {
        let sample = be32(0x1B) + ascii("vttc") + be32(0x13) + ascii("payl") + ascii("Hello World")
            + be32(0x17) + ascii("vttc") + be32(0x0F) + ascii("payl") + ascii("Bye Bye")
        let cues = try WebVTTSampleDecoder.cues(from: [TimedTextSample(start: 0, duration: 10, bytes: sample)], timescale: 1000)
        #expect(cues.map(\.text.plainText) == ["Hello World", "Bye Bye"])
    }

    @Test func androidNoCueSampleAndIncompleteHeader() throws {
        let noCue = be32(0x1B) + ascii("tttc") + be32(0x13) + ascii("payl") + ascii("Hello World")
        #expect(try WebVTTSampleDecoder.decode(noCue).isEmpty)
        let incomplete = be32(0x23) + ascii("vttc") + be32(0x14) + ascii("payl") + ascii("Hello World\n") + be32(7) + ascii("vtt")
        #expect(throws: SampleCodecError.self) { try WebVTTSampleDecoder.decode(incomplete) }
    }

    @Test func fuzzEntryPointSurvivesHostileBytes() {
        var generator = SplitMix64(seed: 0x7776_7474)
        for length in [0, 4, 8, 12, 16, 24, 40, 100] {
            for _ in 0..<200 {
                var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                if length >= 8 {
                    // Plausible box headers more often than chance would give.
                    bytes.replaceSubrange(0..<4, with: be32(UInt32(generator.next() % UInt64(length + 4))))
                    bytes.replaceSubrange(4..<8, with: ascii(["vttc", "vtte", "payl", "vttC"][Int(generator.next() % 4)]))
                }
                WebVTTSampleDecoder.fuzz(bytes)
            }
        }
    }
}
