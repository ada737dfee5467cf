import Delivery
import Foundation
import LegibleTestSupport
import Movie
import Testing

/// The legible tracks of TestMedia movies as HLS and HTML offer them. Expected values come from
/// how the movies were made (TestMedia/README.md, Scripts/make-rule-media), from the `tagc`
/// bytes found in the file by a plain byte scan, and from the documents cited.
struct DeliveryTrackTests {
    static func path(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    static func tracks(_ name: String) throws -> [DeliveryTrack] {
        try DeliveryTrack.all(in: Movie.open(path: path(name))).tracks
    }

    /// Every `tagc` box's string in file order, found by scanning for the type and reading the
    /// 32-bit size before it (QTFF "Media characteristic tag atom": the payload is the bare string).
    static func taggedCharacteristics(in name: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
        let type = Array("tagc".utf8)
        var found: [String] = []
        var index = 4
        while index + 4 <= bytes.count {
            if Array(bytes[index..<index + 4]) == type {
                let size = bytes[index - 4..<index].reduce(0) { $0 << 8 | Int($1) }
                let end = index - 4 + size
                if size > 8, end <= bytes.count { found.append(String(decoding: bytes[index + 4..<end], as: UTF8.self)) }
            }
            index += 1
        }
        return found
    }

    /// check-self-contained.mov: the subtitle's data reference (track 5, `url `) lacks the
    /// self-contained flag (TestMedia/rules/README.md), so its samples are not in the file: the
    /// track is refused by name, not delivered from bytes that are not its own.
    @Test func trackWithMediaElsewhereIsRefused() throws {
        let movie = try Movie.open(path: Self.path("rules/check-self-contained.mov"))
        #expect {
            try DeliveryTrack.all(in: movie)
        } throws: { error in
            guard case .externalMedia(let trackID, let references)? = error as? DeliveryError else { return false }
            return trackID == 5 && references.map(\.type) == ["url "]
        }
        #expect(throws: Never.self) { try SelfContainedMedia.require(try Movie.open(path: Self.path("rules/clean.mov")).tracks) }
    }

    /// demo.mov: one Spanish tx3g subtitle (track 4), the only enabled one of its group, so the
    /// default; "Spanish" as AVFoundation labels an option by its language.
    @Test func demoMovieHasOneSpanishSubtitle() throws {
        let tracks = try Self.tracks("demo.mov")
        #expect(tracks.map(\.trackID) == [4])
        #expect(tracks.map(\.name) == ["Spanish"])
        #expect(tracks.map(\.language) == ["es"])
        #expect(tracks.map(\.isDefault) == [true])
        #expect(tracks.map(\.isForcedOnly) == [false])
        #expect(tracks.first?.cues.count == 3, "the three cues of the demo's Spanish SRT")
    }

    /// subtitles-multi.mp4: English (default), English SDH (kind `caption`, ISO/IEC 23009-1
    /// §5.8.5.5 role: captions), French forced (kind `forced-subtitle`); no tagc at all.
    @Test func subtitlesMultiHasDefaultSDHAndForced() throws {
        let tracks = try Self.tracks("subtitles-multi.mp4")
        #expect(tracks.map(\.trackID) == [3, 4, 5])
        #expect(tracks.map(\.name) == ["English", "English SDH", "French (Forced)"])
        #expect(tracks.map(\.language) == ["en", "en", "fr"])
        #expect(tracks.map(\.isDefault) == [true, false, false])
        #expect(tracks.map(\.isForcedOnly) == [false, false, true])
        #expect(tracks.map(\.isCaptions) == [false, true, false])
        #expect(try Self.taggedCharacteristics(in: "subtitles-multi.mp4").isEmpty)
        #expect(tracks.allSatisfy { $0.taggedCharacteristics.isEmpty })
    }

    /// select-sdh.mov: clean.mov's Spanish subtitle (5, enabled) plus English plain (6) and
    /// English SDH (7, add-subtitles --sdh tags both accessibility characteristics).
    @Test func selectSDHTagsOnlyTheSDHTrack() throws {
        let tracks = try Self.tracks("rules/select-sdh.mov")
        #expect(tracks.map(\.trackID) == [5, 6, 7])
        #expect(tracks.map(\.name) == ["Spanish", "English", "English SDH"])
        #expect(tracks.map(\.isDefault) == [true, false, false])
        let inFile = try Self.taggedCharacteristics(in: "rules/select-sdh.mov")
        #expect(inFile == [MediaCharacteristic.transcribesSpokenDialog, MediaCharacteristic.describesMusicAndSound])
        #expect(tracks.map(\.taggedCharacteristics) == [[], [], inFile])
        #expect(tracks.map(\.isCaptions) == [false, false, true])
    }

    /// select-forced.mov: the Spanish subtitle (5) with its forced-only twin (6, `forc` 5 → 6),
    /// and an English forced-only track (7). The twin, folded into track 5's menu option, is a
    /// rendition of its own: AVFoundation's forcedSubtitlesOnly association pairs "one with a
    /// subtitle track containing only forced subtitles".
    @Test func selectForcedListsTheTwinAsForced() throws {
        let tracks = try Self.tracks("rules/select-forced.mov")
        #expect(tracks.map(\.trackID) == [5, 6, 7])
        #expect(tracks.map(\.language) == ["es", "es", "en"])
        #expect(tracks.map(\.isForcedOnly) == [false, true, true])
        #expect(tracks.map(\.name) == ["Spanish", "Spanish (Forced)", "English (Forced)"])
        #expect(tracks.map(\.isDefault) == [true, false, false])
        #expect(Set(tracks.map(\.name)).count == tracks.count)
    }

    /// check-elng.mov: mdhd `spa`, elng `fr-CA` (Scripts/make-rule-media patches es-MX to fr-CA).
    /// The extended tag wins, as QTFF says players read `elng` when present.
    @Test func theExtendedLanguageTagWins() throws {
        #expect(try Self.tracks("rules/check-elng.mov").map(\.language) == ["fr-CA"])
    }

    /// check-indistinguishable.mov: two Spanish subtitles with nothing to tell them apart; HLS
    /// names must still differ (RFC 8216 §4.3.4.1.1).
    @Test func clashingNamesAreMadeUnique() throws {
        let tracks = try Self.tracks("rules/check-indistinguishable.mov")
        #expect(tracks.map(\.trackID) == [5, 6])
        #expect(tracks.map(\.name) == ["Spanish", "Spanish (track 6)"])
    }

    /// The chapter text track of chapters.mov is navigation (QTFF "Chapter lists"), not subtitles.
    @Test func chapterTracksAreNotDelivered() throws {
        let movie = try Movie.open(path: Self.path("chapters.mov"))
        #expect(throws: DeliveryError.self) { try DeliveryTrack.all(in: movie) }
    }

    /// check-tagc-nul.mov's tag ends in a NUL, which a quoted-string cannot carry meaningfully:
    /// it is left out of CHARACTERISTICS and reported.
    @Test func aTagWithANulIsLeftOutOfCharacteristics() throws {
        let movie = try Movie.open(path: Self.path("rules/check-tagc-nul.mov"))
        let package = try HLSPackage(movie: movie, movieName: "check-tagc-nul")
        #expect(try Self.taggedCharacteristics(in: "rules/check-tagc-nul.mov") == ["public.easy-to-read\u{0}"])
        #expect(package.renditions.first?.mediaTag.characteristics == [])
        #expect(package.warnings.contains { $0.contains("public.easy-to-read") })
    }
}
