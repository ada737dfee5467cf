import Language
import Testing
import Remux

/// How the files beside a movie become one write's tracks: full tracks before their forced-only
/// twins (QTFF "Referencing a related forced subtitle track"), one `folw` per sound language, to
/// the forced-only track of a pair (QTFF "Subtitle follows track reference atom"), clashes refused.
@Suite struct SidecarSetTests {
    static func languages(_ codes: String...) throws -> [LanguageTag] { try codes.map { try LanguageTag(parsing: $0) } }

    @Test func ordersFullTracksFirstAndPairsEachForcedTrackWithItsFullTrack() throws {
        let set = try SidecarSet(fileNames: ["M.en.forced.srt", "M.en.srt", "M.en.sdh.srt", "M.fr.scc", "M.es.forced.srt", "M.es.srt",
                                             "M.de.sdh.srt", "M.de.forced.srt", "Other.en.srt"],
                                 movieName: "M", soundLanguages: try Self.languages("eng", "spa"))
        #expect(set.tracks.map(\.fileName) == ["M.de.sdh.srt", "M.en.sdh.srt", "M.en.srt", "M.es.srt",
                                               "M.de.forced.srt", "M.en.forced.srt", "M.es.forced.srt", "M.fr.scc"])
        let twins = set.tracks.map { $0.forcedTwinOf.map { set.tracks[$0].fileName } }
        // English forced pairs with the plain English track, not the SDH one; German has only SDH.
        #expect(twins == [nil, nil, nil, nil, "M.de.sdh.srt", "M.en.srt", "M.es.srt", nil])
        #expect(set.tracks.filter(\.followsAudio).map(\.fileName) == ["M.en.forced.srt", "M.es.forced.srt"])
        #expect(set.skipped.isEmpty)
        #expect(set.notes == [.noSoundTrack(language: try LanguageTag(parsing: "de"))])
    }

    @Test func followsThePlainTrackWhenThereIsNoForcedOne() throws {
        let set = try SidecarSet(fileNames: ["M.en.sdh.srt", "M.en.srt"], movieName: "M", soundLanguages: try Self.languages("en-GB"))
        #expect(set.tracks.filter(\.followsAudio).map(\.fileName) == ["M.en.srt"])
        #expect(set.notes.isEmpty)
    }

    @Test func aForcedTrackWithoutAFullOneIsAddedAloneAndSaidSo() throws {
        let set = try SidecarSet(fileNames: ["M.ja.forced.srt"], movieName: "M", soundLanguages: try Self.languages("jpn"))
        #expect(set.tracks.map(\.forcedTwinOf) == [nil])
        #expect(set.notes == [.noFullTrack(fileName: "M.ja.forced.srt", language: try LanguageTag(parsing: "ja"))])
    }

    @Test func listsUnreadableNamesAsSkipped() throws {
        let set = try SidecarSet(fileNames: ["M.mov.txt", "M.en.srt", "M.notes.srt", "M.nfo"], movieName: "M", soundLanguages: [])
        #expect(set.tracks.map(\.fileName) == ["M.en.srt"])
        #expect(set.skipped.map(\.fileName) == ["M.mov.txt", "M.nfo", "M.notes.srt"])
        #expect(set.skipped.map(\.reason) == [.unknownExtension("txt"), .unknownExtension("nfo"), .unknownWord("notes")])
    }

    @Test(arguments: [
        (["M.en.srt", "M.eng.srt"], SidecarClash.sameTrack("M.en.srt", "M.eng.srt")),
        (["M.English.sdh.vtt", "M.en.hi.srt"], .sameTrack("M.English.sdh.vtt", "M.en.hi.srt")),
        (["M.de.forced.srt", "M.Deutsch.foreign.srt"], .sameTrack("M.Deutsch.foreign.srt", "M.de.forced.srt")),
        (["M.en.default.srt", "M.fr.default.srt"], .twoDefaults("M.en.default.srt", "M.fr.default.srt")),
    ])
    func refusesTwoFilesForOneTrack(files: [String], clash: SidecarClash) {
        #expect(throws: clash) { try SidecarSet(fileNames: files, movieName: "M", soundLanguages: []) }
    }

    @Test func subtitlesAndCaptionsOfOneLanguageDoNotClash() throws {
        let set = try SidecarSet(fileNames: ["M.en.sdh.srt", "M.en.scc"], movieName: "M", soundLanguages: [])
        #expect(set.tracks.count == 2)
    }
}
