import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing
@testable import TimedText

/// `stpp` (ISO/IEC 14496-30 XMLSubtitleSampleEntry): the sample entry both ways, samples
/// encoded from a timeline and decoded back to its cues.
@Suite struct TTMLSampleCodecTests {
    private func time(_ milliseconds: Int64) -> SubtitleTime { .milliseconds(milliseconds) }

    @Test func sampleEntryRoundTrips() throws {
        let description = TTMLSampleDescription()
        let box = description.makeBox()
        let bytes = try box.encoded()
        // 8 header + 8 SampleEntry bytes, then "http://www.w3.org/ns/ttml\0", two empty lists.
        #expect(Array(bytes[16..<42]) == Array("http://www.w3.org/ns/ttml".utf8) + [0])
        #expect(Array(bytes[42..<44]) == [0, 0])
        #expect(Array(bytes[48..<52]) == Array("mime".utf8))
        let decoded = try TTMLSampleDescription(box)
        #expect(decoded == description)
        #expect(decoded.codecsString == "stpp.ttml.im1t")
    }

    /// GPAC writes the three lists then `btrt` (the corpus's androidx ttml-in-mp4 sample); mp4ff
    /// allows the optional lists to be left out, boxes following the namespace at once.
    @Test func sampleEntryWithAndWithoutOptionalLists() throws {
        let btrt = [0, 0, 0, 20] + Array("btrt".utf8) + [UInt8](repeating: 1, count: 12)
        let namespace = Array("http://www.w3.org/ns/ttml".utf8) + [0]
        let full = Box(type: "stpp", payload: [0, 0, 0, 0, 0, 0, 0, 1] + namespace + [0, 0] + btrt)
        let short = Box(type: "stpp", payload: [0, 0, 0, 0, 0, 0, 0, 1] + namespace + btrt)
        for box in [full, short] {
            let description = try TTMLSampleDescription(box)
            #expect(description.namespace == "http://www.w3.org/ns/ttml")
            #expect(description.schemaLocation.isEmpty && description.auxiliaryMIMETypes.isEmpty)
            #expect(description.contentType == nil)
            #expect(description.otherBoxes == btrt)
            #expect(description.codecsString == "stpp")
        }
        #expect(throws: SampleCodecError.self) { try TTMLSampleDescription(Box(type: "wvtt", payload: [0, 0, 0, 0, 0, 0, 0, 1])) }
    }

    /// An entry is written back as it was read: its reserved bytes (ISO/IEC 14496-12 §8.5.2: zero
    /// in a well-formed entry, but kept; the fuzzer found an entry re-encoded with zeros), the
    /// optional lists left out, a `mime` box after `btrt` with flags set; a changed value is
    /// written in the usual form.
    @Test func sampleEntryKeepsItsLayout() throws {
        let btrt = [0, 0, 0, 20] + Array("btrt".utf8) + [UInt8](repeating: 1, count: 12)
        let mime = [0, 0, 0, 21] + Array("mime".utf8) + [0, 0, 0, 1] + Array("text/xml".utf8) + [0]
        let namespace = Array("http://www.w3.org/ns/ttml".utf8) + [0]
        let read = Box(type: "stpp", payload: [0, 0, 0x29, 0, 0, 0, 0, 1] + namespace + btrt + mime)
        let description = try TTMLSampleDescription(read)
        #expect(description.contentType == "text/xml")
        #expect(try description.makeBox().encoded() == read.encoded())
        var changed = description
        changed.contentType = "application/ttml+xml"
        let written = try changed.makeBox().encoded()
        let reread = try TTMLSampleDescription(try BoxTreeParser.parse(MemoryByteSource(written)).boxes[0].loaded())
        #expect(reread.contentType == "application/ttml+xml" && reread.otherBoxes == btrt && reread.namespace == description.namespace)
        #expect(Array(written[8..<16]) == [0, 0, 0x29, 0, 0, 0, 0, 1], "the reserved bytes stay")
    }

    @Test func overlappingCuesRoundTripThroughSamples() throws {
        let cues = [
            Cue(start: time(500), end: time(3_000), text: "Long cue", settings: CueSettings(align: .center)),
            Cue(start: time(1_000), end: time(2_000), text: CueText(runs: [StyledRun("Short", style: TextStyle(isBold: true))]),
                settings: CueSettings(align: .center)),
            Cue(start: time(3_500), end: time(4_000), text: "Top", settings: CueSettings(align: .center), placement: .top, isForced: true),
        ]
        let timeline = try CueTimeline(cues: cues, timescale: 1000)
        let encoded = TTMLSampleEncoder.encode(timeline, language: "en")
        // The gap 0–0.5, 0.5–1, 1–2, 2–3, the gap 3–3.5, 3.5–4.
        #expect(encoded.samples.map(\.start) == [0, 500, 1_000, 2_000, 3_000, 3_500])
        #expect(encoded.losses.isEmpty)
        let gap = String(decoding: encoded.samples[4].bytes, as: UTF8.self)
        #expect(!gap.contains("<p "))
        let decoded = try TTMLSampleDecoder.cues(from: encoded.samples, timescale: 1000)
        #expect(decoded.cues == cues)
        #expect(decoded.losses.isEmpty)
    }

    @Test func aDocumentThatDoesNotParseNamesItsSample() throws {
        let good = TimedTextSample(start: 0, duration: 1000, bytes: Array(TTMLWriter.write(cues: []).utf8))
        let bad = TimedTextSample(start: 1000, duration: 1000, bytes: Array("<tt><p>".utf8))
        #expect {
            try TTMLSampleDecoder.cues(from: [good, bad], timescale: 1000)
        } throws: { error in
            (error as? SampleCodecError)?.sampleIndex == 1
        }
    }

    @Test func fuzzEntryPointNeverTraps() {
        var generator = SplitMix64(seed: 21)
        for length in [0, 1, 7, 8, 40, 300] {
            TTMLSampleDecoder.fuzz((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        TTMLSampleDecoder.fuzz(Array("<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><p begin=\"0s\" end=\"1s\">x</p></body></tt>".utf8))
    }
}

/// The corpus's `stpp` files (GPAC's fragmented ttml-in-mp4 of androidx/media, mp4ff's
/// progressive stpp_prog) read as MP4Box exports them.
@Suite(.corpus)
struct TTMLSampleCorpusTests {
    // MP4Box -raw 1 of androidx's sample.text.mp4 gives three paragraphs: 0.020–0.500 "First
    // Subtitle after 20ms of silence", 0.250–0.400 "Second Subtitle overlaps with first",
    // 0.700–0.950 "Last subtitle" / "And More" (checked by hand with MP4Box 26.08).
    static let gpacCues: [(Int64, Int64, String)] = [
        (20, 500, "First Subtitle after 20ms of silence"),
        (250, 400, "Second Subtitle overlaps with first"),
        (700, 950, "Last subtitle\nAnd More"),
    ]

    @Test func gpacSampleEntryDecodes() throws {
        let entry = try #require(CorpusIndex.entries.first { $0.name.hasSuffix("ttml-in-mp4__sample.text.mp4") })
        let bytes = [UInt8](try Data(contentsOf: entry.url))
        // The stpp entry is 64 bytes at the offset MP4Box -diso gives; found by its type here.
        let index = try #require((0..<(bytes.count - 8)).first { Array(bytes[($0 + 4)..<($0 + 8)]) == Array("stpp".utf8) })
        let size = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        #expect(size == 64)
        let box = Box(type: "stpp", payload: Array(bytes[(index + 8)..<(index + size)]))
        let description = try TTMLSampleDescription(box)
        #expect(description.namespace == "http://www.w3.org/ns/ttml")
        #expect(description.codecsString == "stpp")
    }
}
