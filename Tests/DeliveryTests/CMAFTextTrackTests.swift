import Delivery
import ISOBMFF
import Testing
import TimedText

/// The samples of a CMAF WebVTT track: ISO/IEC 14496-30 §7.4 has every instant covered, a
/// `vtte` (an empty box of that type: 8 bytes, size 8) where no cue shows, and a CMAF segment
/// holds the samples of its own time (ISO/IEC 23000-19 §7.3.2.3), so a sample that crosses a
/// segment start is cut there, both parts carrying the same cues.
@Suite struct CMAFTextTrackTests {
    static let vtte: [UInt8] = [0, 0, 0, 8] + Array("vtte".utf8)

    @Test func gapsAreFilledAndSamplesCutAtSegmentStarts() {
        // One cue from 500 to 1500 ms; the movie ends at 4000 ms; segments start at 0, 1001, 2001.
        let cue: [UInt8] = Array("cue!".utf8)
        let pieces = CMAFTextTrack.layout([TimedTextSample(start: 500, duration: 1000, bytes: cue)], end: 4000,
                                          segmentStarts: [0, 1001, 2001])
        #expect(pieces.map(\.start) == [0, 500, 1001, 1500, 2001])
        #expect(pieces.map(\.duration) == [500, 501, 499, 501, 1999])
        #expect(pieces.map(\.bytes) == [Self.vtte, cue, cue, Self.vtte, Self.vtte])
    }

    @Test func aTrackWithoutCuesIsOneEmptySamplePerSegment() {
        let pieces = CMAFTextTrack.layout([], end: 3000, segmentStarts: [0, 2000])
        #expect(pieces == [TimedTextSample(start: 0, duration: 2000, bytes: Self.vtte), TimedTextSample(start: 2000, duration: 1000, bytes: Self.vtte)])
    }

    @Test func cuesPastTheEndAreCut() {
        let pieces = CMAFTextTrack.layout([TimedTextSample(start: 0, duration: 5000, bytes: [1])], end: 3000, segmentStarts: [0])
        #expect(pieces == [TimedTextSample(start: 0, duration: 3000, bytes: [1])])
    }
}

/// The samples of a CMAF TTML track: one IMSC1 Text document per segment with the cues shown
/// during it, their times on the track's timeline (ISO/IEC 14496-30 §5.3: relative to the
/// track, not the sample), so a cue shown in two segments is in both documents with its own
/// times; a segment without cues is a document with no `p`.
@Suite struct CMAFTTMLTrackTests {
    @Test func eachSegmentIsOneDocumentOfTheCuesShownInIt() throws {
        // Cues 500–1500 ms and 2500–3500 ms; the movie ends at 4000 ms; segments start at 0,
        // 1001, 2001 and 3579.
        let cues = [Cue(start: .milliseconds(500), end: .milliseconds(1500), text: "One"),
                    Cue(start: .milliseconds(2500), end: .milliseconds(3500), text: "Two")]
        let timeline = try CueTimeline(cues: cues, timescale: CMAFTextTrack.timescale)
        let documents = CMAFTextTrack.documents(timeline, end: 4000, segmentStarts: [0, 1001, 2001, 3579], language: "en")
        #expect(documents.map(\.start) == [0, 1001, 2001, 3579])
        #expect(documents.map(\.duration) == [1001, 1000, 1578, 421])
        let parsed = try documents.map { document throws in
            try TTMLParser.parse(string: String(decoding: document.bytes, as: UTF8.self))
        }
        #expect(parsed.map { $0.cues.map(\.text.plainText) } == [["One"], ["One"], ["Two"], []])
        #expect(parsed.map { $0.cues.map(\.start) } == [[.milliseconds(500)], [.milliseconds(500)], [.milliseconds(2500)], []])
        #expect(parsed.map { $0.cues.map(\.end) } == [[.milliseconds(1500)], [.milliseconds(1500)], [.milliseconds(3500)], []])
        #expect(parsed.allSatisfy { $0.language == "en" })
        #expect(!String(decoding: documents[3].bytes, as: UTF8.self).contains("<p"))
    }

    @Test func cuesPastTheEndEndWithTheMovie() throws {
        let timeline = try CueTimeline(cues: [Cue(start: .zero, end: .seconds(5), text: "Long")], timescale: CMAFTextTrack.timescale)
        let documents = CMAFTextTrack.documents(timeline, end: 3000, segmentStarts: [0], language: nil)
        let parsed = try TTMLParser.parse(string: String(decoding: try #require(documents.first).bytes, as: UTF8.self))
        #expect(documents.count == 1)
        #expect(parsed.cues.map(\.end) == [.seconds(3)])
    }

    @Test func stppTracksSayTheirCodecs() {
        #expect(CMAFTextFormat.stpp.codecs == "stpp.ttml.im1t")
        #expect(CMAFTextFormat.stpp.handlerType == "subt")
        #expect(CMAFTextFormat.wvtt.codecs == "wvtt")
    }
}
