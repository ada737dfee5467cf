import ISOBMFF
import Foundation
import LegibleTestSupport
import Movie
import Remux
import Testing
import TimedText

/// The add-subtitles plan schema as the library reads it, and the request it makes.
@Suite struct SubtitleTrackSpecTests {
    func decode(_ json: String) throws -> SubtitlePlan {
        try JSONDecoder().decode(SubtitlePlan.self, from: Data(json.utf8))
    }

    static let document = SubtitleDocument(format: .ttml, cues: [Cue(start: .milliseconds(500), end: .milliseconds(1500), text: "Bonjour")],
                                           language: "fr-CA")

    @Test func decodesEveryKey() throws {
        let plan = try decode("""
        {"subtitles": [{"file": "en.srt", "format": "wvtt", "language": "en", "name": "English SDH", "sdh": true,
                        "characteristics": ["public.easy-to-read"], "forced": false, "forcedFor": 3, "group": 2,
                        "default": true, "followAudio": "auto"},
                       {"file": "/abs/fr.vtt", "group": "auto", "followAudio": 2},
                       {"file": "es.srt", "group": "7", "followAudio": "4"}]}
        """)
        #expect(plan.subtitles == [
            SubtitleTrackSpec(file: "en.srt", format: .wvtt, language: "en", name: "English SDH", sdh: true,
                              characteristics: ["public.easy-to-read"], forced: false, forcedFor: 3, group: .number(2),
                              isDefault: true, followAudio: .automatic),
            SubtitleTrackSpec(file: "/abs/fr.vtt", group: .automatic, followAudio: .track(2)),
            SubtitleTrackSpec(file: "es.srt", group: .number(7), followAudio: .track(4)),
        ])
        #expect(plan.resolvingFiles(relativeTo: "/plans").subtitles.map(\.file) == ["/plans/en.srt", "/abs/fr.vtt", "/plans/es.srt"])
        #expect(plan.resolvingFiles(relativeTo: "/").subtitles.map(\.file) == ["/en.srt", "/abs/fr.vtt", "/es.srt"])
    }

    @Test func unknownKeysAreErrors() throws {
        #expect(throws: DecodingError.self) { try decode(#"{"subtitles": [{"file": "a.srt", "defualt": true}]}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"subtitles": [], "extra": 1}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"subtitles": [{"language": "en"}]}"#) }
    }

    @Test func badChoicesAreTypedErrors() throws {
        #expect(throws: SubtitleTrackSpecError.invalidGroup("left")) { try decode(#"{"subtitles": [{"file": "a.srt", "group": "left"}]}"#) }
        #expect(throws: SubtitleTrackSpecError.invalidGroup("-1")) { try decode(#"{"subtitles": [{"file": "a.srt", "group": -1}]}"#) }
        #expect(throws: SubtitleTrackSpecError.invalidFollowAudio("0")) { try decode(#"{"subtitles": [{"file": "a.srt", "followAudio": 0}]}"#) }
    }

    /// A TTML document's `xml:lang` is the track's language when the spec names none.
    @Test func theDocumentLanguageIsTheFallback() throws {
        let fromDocument = try SubtitleTrackSpec(file: "fr.ttml").request(for: Self.document)
        #expect(fromDocument.properties.language?.description == "fr-CA")
        let named = try SubtitleTrackSpec(file: "fr.ttml", language: "fr").request(for: Self.document)
        #expect(named.properties.language?.description == "fr")
        var unusable = Self.document
        unusable.language = "not a tag"
        #expect(try SubtitleTrackSpec(file: "x.ttml").request(for: unusable).properties.language == nil)
    }

    @Test func theRequestCarriesTheSpec() throws {
        let spec = SubtitleTrackSpec(file: "fr.ttml", format: .wvtt, name: "Français", sdh: true, characteristics: ["public.easy-to-read"],
                                     forced: true, forcedFor: 3, group: .number(4), isDefault: true, followAudio: .track(2))
        let request = try spec.request(for: Self.document)
        #expect(request.cues == Self.document.cues)
        #expect(request.format == .webVTT(header: WebVTTHeader(), sourceLabel: nil))
        #expect(request.properties.name == "Français")
        #expect(request.properties.alternateGroup == .number(4))
        #expect(request.properties.makesDefault)
        #expect(request.properties.addedCharacteristics == ["public.easy-to-read", "public.accessibility.transcribes-spoken-dialog",
                                                             "public.accessibility.describes-music-and-sound"])
        #expect(request.isForcedOnly)
        #expect(request.forcedTwinOf == .track(3))
        #expect(request.followedByAudio == .track(2))
        let plain = try SubtitleTrackSpec(file: "fr.ttml").request(for: Self.document)
        #expect(plain.format == .tx3g)
        #expect(plain.properties.alternateGroup == .automatic)
        #expect(plain.properties.addedCharacteristics.isEmpty)
        #expect(!plain.properties.makesDefault)
    }

    @Test func refusals() throws {
        #expect(throws: SubtitleTrackSpecError.self) { try SubtitleTrackSpec(file: "x.srt", language: "xx-!!").request(for: Self.document) }
        var images = Self.document
        images.imageLines = [7, 9]
        #expect(throws: SubtitleTrackSpecError.imageSubtitles(lines: [7, 9])) { try SubtitleTrackSpec(file: "x.ttml").request(for: images) }
        #expect(try SubtitleTrackSpec(file: "x.ttml").request(for: images, skipsImages: true).cues.count == 1)
        let missing = #expect(throws: SubtitleTrackSpecError.self) { try SubtitleTrackSpec(file: "/nonexistent/legible/x.srt").request() }
        guard case .unreadableFile(let error) = missing, case .unreadable = error.reason else {
            Issue.record("expected an unreadable file, got \(String(describing: missing))")
            return
        }
    }
}
