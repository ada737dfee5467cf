import Testing
import Remux

/// Names from the media servers' own documentation: Plex's "Adding Local Subtitles to Your Media"
/// (https://support.plex.tv/articles/200471133-adding-local-subtitles-to-your-media/), Jellyfin's
/// "External Files" (https://jellyfin.org/docs/general/server/media/external-files/) and Kodi's
/// "Subtitles" (https://kodi.wiki/view/Subtitles). Codes are ISO 639-1's.
@Suite struct SidecarNameTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var movie: String
        var language: String
        var sdh = false
        var forced = false
        var isDefault = false
        var format: SidecarName.Format = .subRip
        var testDescription: String { file }
    }

    @Test(arguments: [
        // Plex
        Case(file: "Avatar (2009).en.srt", movie: "Avatar (2009)", language: "en"),
        Case(file: "Avatar (2009).en.forced.srt", movie: "Avatar (2009)", language: "en", forced: true),
        Case(file: "Avatar (2009).en.sdh.srt", movie: "Avatar (2009)", language: "en", sdh: true),
        Case(file: "Avatar (2009).eng.srt", movie: "Avatar (2009)", language: "en"),
        Case(file: "Avatar (2009).en.sdh.forced.srt", movie: "Avatar (2009)", language: "en", sdh: true, forced: true),
        // Jellyfin and Emby
        Case(file: "Film.de.srt", movie: "Film", language: "de"),
        Case(file: "Film.german.srt", movie: "Film", language: "de"),
        Case(file: "Film.en.default.forced.srt", movie: "Film", language: "en", forced: true, isDefault: true),
        Case(file: "Film.en.foreign.vtt", movie: "Film", language: "en", forced: true, format: .webVTT),
        Case(file: "Film.en.hi.srt", movie: "Film", language: "en", sdh: true),
        Case(file: "Film.en.cc.srt", movie: "Film", language: "en", sdh: true),
        Case(file: "Film.default.es.vtt", movie: "Film", language: "es", isDefault: true, format: .webVTT),
        // Kodi
        Case(file: "The Matrix.English.srt", movie: "The Matrix", language: "en"),
        Case(file: "Movie Name (2006).French.srt", movie: "Movie Name (2006)", language: "fr"),
        Case(file: "Movie Name (2006).Chinese.forced.srt", movie: "Movie Name (2006)", language: "zh", forced: true),
        // tags, native names, case, order, other formats
        Case(file: "Movie.pt-BR.srt", movie: "Movie", language: "pt-BR"),
        Case(file: "Movie.zh-Hant.ttml", movie: "Movie", language: "zh-Hant", format: .ttml),
        Case(file: "Movie.ger.FORCED.dfxp", movie: "Movie", language: "de", forced: true, format: .ttml),
        Case(file: "Movie.SDH.Español.XML", movie: "Movie", language: "es", sdh: true, format: .ttml),
        Case(file: "Movie.Deutsch.srt", movie: "Movie", language: "de"),
        Case(file: "Movie.hin.srt", movie: "Movie", language: "hi"),
        Case(file: "Movie.fr.scc", movie: "Movie", language: "fr", format: .scc),
        Case(file: "Movie.2010.en.srt", movie: "Movie.2010", language: "en"),
    ])
    func readsTheName(_ expected: Case) throws {
        let name = try SidecarName(fileName: expected.file, movieName: expected.movie)
        #expect(name.language.description == expected.language)
        #expect(name.isSDH == expected.sdh)
        #expect(name.isForcedOnly == expected.forced)
        #expect(name.isDefault == expected.isDefault)
        #expect(name.format == expected.format)
    }

    @Test(arguments: [
        // Kodi's VobSub, SAMI and SubStation Alpha examples: formats Legible does not read
        ("Movie Name (2006).Chinese.idx", SidecarNameError.unknownExtension("idx")),
        ("Movie Name (2006).French.smi", .unknownExtension("smi")),
        ("Movie Name (2006).German.ssa", .unknownExtension("ssa")),
        ("Movie Name (2006).mkv", .unknownExtension("mkv")),
        // Jellyfin's bare "Film.vtt": no language in the name
        ("Movie Name (2006).vtt", .noLanguage),
        ("Movie Name (2006).forced.srt", .noLanguage),
        // hi is always hearing impaired (Jellyfin), so this names no language
        ("Movie Name (2006).hi.srt", .noLanguage),
        ("Movie Name (2006).en.fr.srt", .twoLanguages("en", "fr")),
        ("Movie Name (2006).English.Deutsch.srt", .twoLanguages("English", "Deutsch")),
        ("Movie Name (2006).commentary.en.srt", .unknownWord("commentary")),
        ("Movie Name (2006).und.srt", .unknownWord("und")),
        ("Movie Name (2006).en.forced.scc", .forcedCaptions),
        ("Other Movie.en.srt", .notNamedAfterMovie),
    ])
    func refusesWhatItCannotRead(file: String, error: SidecarNameError) {
        #expect(throws: error) { try SidecarName(fileName: file, movieName: "Movie Name (2006)") }
    }

    @Test func onlyFilesNamedAfterTheMovieWithADotAreItsSidecars() {
        #expect(SidecarName.isNamedAfter(movieName: "Movie", fileName: "Movie.en.srt"))
        #expect(!SidecarName.isNamedAfter(movieName: "Movie", fileName: "Movie 2.en.srt"))
        #expect(!SidecarName.isNamedAfter(movieName: "Movie", fileName: "Movie."))
        #expect(!SidecarName.isNamedAfter(movieName: "Movie", fileName: "movie.en.srt"))
    }

    /// Apple's players list tracks as "English SDH", "English CC"; the language names are ISO 639's.
    @Test(arguments: [
        ("M.en.sdh.srt", "English SDH"), ("M.es.forced.srt", "Spanish Forced"), ("M.fr.scc", "French CC"),
        ("M.pt-BR.vtt", "Portuguese (Brazil)"), ("M.de.hi.forced.srt", "German SDH Forced"), ("M.eng.default.srt", "English"),
    ])
    func namesTheTrack(file: String, name: String) throws {
        #expect(try SidecarName(fileName: file, movieName: "M").trackName == name)
    }
}
