import Delivery
import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Testing

/// The DASH MPD writer's parts against ISO/IEC 23009-1: the SegmentTimeline's run-length `S`
/// elements (§5.3.9.6: `@t` the start, `@d` the duration, `@r` the further segments of that
/// duration back to back, `@t` implied when a segment starts where the previous ended), the
/// Role values of Table 5 (§5.8.5.5) and the TV-Anytime AudioPurposeCS values DASH-IF IOP uses
/// for Accessibility (1: visually impaired, 2: hard of hearing), and the document's form.
@Suite struct DASHManifestTests {
    @Test func timelineRunsSegmentsOfOneDuration() {
        // Three 2-s segments and a 1-s one at 90 kHz: one run of three, then one.
        let timeline = SegmentTimeline(segments: [(0, 180_000), (180_000, 180_000), (360_000, 180_000), (540_000, 90_000)])
        #expect(timeline.entries == [.init(start: 0, duration: 180_000, repeats: 2), .init(start: nil, duration: 90_000)])
        #expect(timeline.elements == [#"<S t="0" d="180000" r="2"/>"#, #"<S d="90000"/>"#])
        #expect(timeline.segmentCount == 4)
    }

    @Test func timelineStatesTheStartAfterAGapOrAnOffsetStart() {
        // A first segment at 273 (a track moved by the priming of another) and a gap before 2000.
        let timeline = SegmentTimeline(segments: [(273, 500), (773, 500), (2000, 500)])
        #expect(timeline.elements == [#"<S t="273" d="500" r="1"/>"#, #"<S t="2000" d="500"/>"#])
        #expect(SegmentTimeline(segments: []).elements.isEmpty)
    }

    @Test func videoAndAudioRolesFollowTheGroupDefault() {
        #expect(DASHSignalling(contentType: .video, isMain: true).roles == ["main"])
        #expect(DASHSignalling(contentType: .video, isMain: false).roles == ["alternate"])
        let main = DASHSignalling(contentType: .audio, isMain: true)
        #expect(main.roles == ["main"] && main.accessibility.isEmpty)
    }

    @Test func audioDescriptionIsDescriptionAndPurposeOne() {
        let described = DASHSignalling(contentType: .audio, isMain: false, characteristics: [MediaCharacteristic.describesVideo])
        #expect(described.roles == ["alternate", "description"])
        #expect(described.accessibility == [DASHDescriptor(scheme: "urn:tva:metadata:cs:AudioPurposeCS:2007", value: "1")])
        let clearer = DASHSignalling(contentType: .audio, isMain: false, characteristics: [MediaCharacteristic.enhancesSpeechIntelligibility])
        #expect(clearer.roles == ["alternate", "enhanced-audio-intelligibility"])
    }

    /// subtitles-multi.mp4 (TestMedia/README.md): English (3, enabled), English SDH (4, tagc
    /// both SDH tags), French forced (5, `kind` forced-subtitle).
    @Test func textRolesFromTheMovie() throws {
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent("subtitles-multi.mp4").path)
        let signals = try DeliveryTrack.all(in: movie).tracks.map { ($0.trackID, DASHSignalling(text: $0)) }
        #expect(signals.map(\.0) == [3, 4, 5])
        #expect(signals.map(\.1.roles) == [["main", "subtitle"], ["caption"], ["forced-subtitle"]])
        #expect(signals.map(\.1.accessibility) == [[], [DASHDescriptor(scheme: DASHDescriptor.audioPurposeScheme, value: "2")], []])
        let closedCaptions = DASHSignalling(contentType: .text, isMain: false, isCaptions: true)
        #expect(closedCaptions.roles == ["caption"] && closedCaptions.accessibility.count == 1)
    }

    @Test func durationsAreXMLSchemaDurations() throws {
        #expect(DASHManifest.duration(try #require(MediaTime(units: 65_250, timescale: 1000))) == "PT65.250S")
        #expect(DASHManifest.duration(.zero) == "PT0.000S")
        #expect(DASHManifest.duration(try #require(MediaTime(units: 1, timescale: 48000))) == "PT0.000S")
    }

    @Test func documentPutsElementsInSchemaOrder() throws {
        var manifest = DASHManifest(duration: try #require(MediaTime(units: 4, timescale: 1)), adaptationSets: [])
        let timeline = SegmentTimeline(segments: [(0, 96_000), (96_000, 96_000)])
        let audio = DASHManifest.Representation(id: "audio.3.es", bandwidth: 128_000, codecs: "mp4a.40.2", audioSamplingRate: 48000,
                                                channels: 2, segments: .template(initialization: "audio.3.es.init.mp4",
                                                                                 media: "audio.3.es.$Number$.m4s", timescale: 48000,
                                                                                 presentationTimeOffset: 1024, timeline: timeline))
        let described = DASHSignalling(contentType: .audio, isMain: false, characteristics: [MediaCharacteristic.describesVideo])
        manifest.add(audio, contentType: .audio, mimeType: "audio/mp4", language: "es", label: "Spanish AD & <more>", signalling: described)
        let text = DASHManifest.Representation(id: "text.4.es", bandwidth: 100, segments: .file("my%20movie.4.es.vtt"))
        manifest.add(text, contentType: .text, mimeType: "text/vtt", language: "es", label: "Spanish",
                     signalling: DASHSignalling(contentType: .text, isMain: true))
        let xml = manifest.xml
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(xml.contains(#"<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" mediaPresentationDuration="PT4.000S" minBufferTime="PT2S""#))
        // AdaptationSetType: Label, Accessibility, Role, Representation; RepresentationType:
        // AudioChannelConfiguration, then SegmentTemplate (or BaseURL).
        let order = ["<Label>Spanish AD &amp; &lt;more&gt;</Label>", "<Accessibility schemeIdUri=\"urn:tva:metadata:cs:AudioPurposeCS:2007\" value=\"1\"/>",
                     "<Role schemeIdUri=\"urn:mpeg:dash:role:2011\" value=\"alternate\"/>", "<Role schemeIdUri=\"urn:mpeg:dash:role:2011\" value=\"description\"/>",
                     "<Representation id=\"audio.3.es\" bandwidth=\"128000\" codecs=\"mp4a.40.2\" audioSamplingRate=\"48000\">",
                     "<AudioChannelConfiguration schemeIdUri=\"urn:mpeg:dash:23003:3:audio_channel_configuration:2011\" value=\"2\"/>",
                     "<SegmentTemplate timescale=\"48000\" presentationTimeOffset=\"1024\" startNumber=\"1\" initialization=\"audio.3.es.init.mp4\" media=\"audio.3.es.$Number$.m4s\">",
                     "<S t=\"0\" d=\"96000\" r=\"1\"/>", "<AdaptationSet id=\"2\" contentType=\"text\" mimeType=\"text/vtt\" lang=\"es\">",
                     "<BaseURL>my%20movie.4.es.vtt</BaseURL>"]
        let positions = order.map { xml.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(xml)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(xml)")
    }

    @Test func representationsOfOneKindShareAnAdaptationSet() throws {
        var manifest = DASHManifest(duration: .zero, adaptationSets: [])
        let main = DASHSignalling(contentType: .video, isMain: true)
        for id in ["video.1", "video.2"] {
            manifest.add(.init(id: id, bandwidth: 1, segments: .file(id)), contentType: .video, mimeType: "video/mp4", language: nil, label: nil,
                         signalling: main)
        }
        manifest.add(.init(id: "video.3", bandwidth: 1, segments: .file("v3")), contentType: .video, mimeType: "video/mp4", language: nil,
                     label: nil, signalling: DASHSignalling(contentType: .video, isMain: false))
        #expect(manifest.adaptationSets.map { $0.representations.map(\.id) } == [["video.1", "video.2"], ["video.3"]])
    }
}
