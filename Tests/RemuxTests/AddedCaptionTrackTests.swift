import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing
import TextTracks
import TimedText

/// A closed-caption track written by the engine: laid out as QTFF "Closed captioning media"
/// describes (the expected boxes are QTFF's, the byte pairs the request's own), read back with
/// the same pairs at the same frames, in the legible group, and every other sample unchanged.
@Suite struct AddedCaptionTrackTests {
    /// Two SCC lines: a pop-on "HI" loaded from 00:00:01;00 and cleared at 00:00:03;00.
    static let scc = try? SCCParser.parse(string: """
    Scenarist_SCC V1.0

    00:00:01;00\t9420 9420 94ae 94ae 94d0 94d0 c849 942f 942f

    00:00:03;00\t942c 942c
    """)

    static func request(isDefault: Bool = false) throws -> CaptionTrackRequest {
        let document = try #require(scc)
        return CaptionTrackRequest(scc: document, properties: TrackChanges(language: try LanguageTag(parsing: "en"),
                                                                         alternateGroup: .automatic, makesDefault: isDefault))
    }

    @Test(arguments: ["demo.mov", "demo.mp4"])
    func boxesAreWhatQTFFDescribes(_ name: String) throws {
        let folder = try TemporaryFolder("caption-track")
        defer { folder.remove() }
        let (pair, report) = try EditedPair.write(EditPlan(captionTracks: [try Self.request()]), from: RemuxFixtures.media(name),
                                                  to: folder.path(name))
        #expect(report.addedTrackIDs == [5])
        try pair.expectSamplesIdentical()
        let track = try pair.outputTrack(5)
        #expect(track.handler?.handlerType == "clcp")
        #expect(track.codec == "c608")
        #expect(!track.isEnabled)
        // demo's subtitle track is in alternate group 3: the legible group.
        #expect(track.header.alternateGroup == 3)
        #expect(track.header.width == 0 && track.header.height == 0)
        #expect(track.mediaHeader.timescale == 30000)
        let minf = try #require(track.box.descendant(["mdia", "minf"]))
        #expect(minf.children.first?.type == (name.hasSuffix(".mov") ? "gmhd" : "nmhd"))
        // The c608 entry adds no fields to the 8 bytes of every sample entry.
        let entry = try #require(minf.descendant(["stbl", "stsd"])?.children.first)
        #expect(entry.header.totalSize == 16)
        // Samples: padding until frame 30, then each SCC line at its frame, lasting until the next.
        let samples = try SampleDataReader.textTrack.samples(of: track)
        let frame = 1001
        #expect(samples.map { Int($0.sample.decodeTime) } == [0, 30 * frame, 90 * frame])
        #expect(samples.map { Int($0.sample.duration) } == [30 * frame, 60 * frame, 2 * frame])
        let cdat: [UInt8] = Array("cdat".utf8)
        let line: [UInt8] = [0x94, 0x20, 0x94, 0x20, 0x94, 0xAE, 0x94, 0xAE, 0x94, 0xD0, 0x94, 0xD0, 0xC8, 0x49, 0x94, 0x2F, 0x94, 0x2F]
        let padding: [UInt8] = [0x80, 0x80]
        #expect(samples[1].bytes == [0, 0, 0, 26] + cdat + line)
        #expect(samples[0].bytes == [0, 0, 0, 10] + cdat + padding)
        let content = try TextTrackReader.content(of: track, in: pair.output)
        #expect(content.cues.map(\.text.plainText) == ["HI"])
        #expect(content.channel == .cc1)
        // EOC is the 8th pair from frame 30; EDM is at frame 90.
        #expect(content.cues.first?.start == CEA608FrameRate.ntsc.time(ofFrame: 37))
        #expect(content.cues.first?.end == CEA608FrameRate.ntsc.time(ofFrame: 90))
    }

    @Test func aDefaultCaptionTrackDisablesTheOtherLegibleTracks() throws {
        let folder = try TemporaryFolder("caption-default")
        defer { folder.remove() }
        let (pair, _) = try EditedPair.write(EditPlan(captionTracks: [try Self.request(isDefault: true)]),
                                             from: RemuxFixtures.media("demo.mov"), to: folder.path("out.mov"))
        #expect(try pair.outputTrack(5).isEnabled)
        #expect(try !pair.outputTrack(4).isEnabled)
    }

    @Test func textIsEncodedOnTheVideoFrameGrid() throws {
        let folder = try TemporaryFolder("caption-grid")
        defer { folder.remove() }
        let source = try Movie.open(path: RemuxFixtures.media("demo.mov").path)
        let rate = CaptionTrackRequest.frameRate(for: source)
        // demo's video: 25 frames a second in a 12800 timescale (ffprobe: r_frame_rate 25/1, time_base 1/12800).
        #expect(rate == CEA608FrameRate(timescale: 12800, frameDuration: 512))
        let encoding = CEA608Encoder.encode([Cue(start: .seconds(2), end: .seconds(3), text: "Hello")], frameRate: rate)
        let (pair, _) = try EditedPair.write(EditPlan(captionTracks: [CaptionTrackRequest(encoding: encoding)]),
                                             from: RemuxFixtures.media("demo.mov"), to: folder.path("out.mov"))
        let track = try pair.outputTrack(5)
        #expect(track.mediaHeader.timescale == 12800)
        let content = try TextTrackReader.content(of: track, in: pair.output)
        #expect(content.cues.map(\.text.plainText) == ["Hello"])
        #expect(content.cues.first?.start == .seconds(2))
        #expect(content.cues.first?.end == .seconds(3))
    }

    @Test func nothingToCarryIsRefused() throws {
        let folder = try TemporaryFolder("caption-empty")
        defer { folder.remove() }
        let request = CaptionTrackRequest(bursts: [CEA608Burst(frame: 3, pairs: [.padding])])
        #expect(throws: EditError.noCaptionBytes) {
            try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(captionTracks: [request]), to: folder.path("out.mov"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))
    }
}
