import Language
import Movie

/// Languages players list options under: `elng` when present, else the `mdhd` code; the two
/// must agree, since players that read only `mdhd` show its language (QTFF "Extended language
/// tag atom": the media header's code should be set to match where one exists).
extension CheckContext {
    func languageFindings() -> [Finding] {
        missingLanguageFindings() + disagreementFindings()
    }

    private func missingLanguageFindings() -> [Finding] {
        legibleTracks.filter { ["und", ""].contains($0.displayLanguage.lowercased()) }.map { track in
            Finding(.warning, track: track.id, rule: .legibleLanguage,
                    message: "\(name(track)) has no language (mdhd 'und', no elng): players list it as \"Unknown language\" and never choose it for a viewer's language; set its language", suggesting: ["--track", "\(track.id)", "--language", "TAG"])
        }
    }

    private func disagreementFindings() -> [Finding] {
        tracks.compactMap { track -> Finding? in
            guard let text = track.extendedLanguage?.tag, !text.isEmpty else { return nil }
            guard let tag = try? LanguageTag(parsing: text) else {
                return Finding(.warning, track: track.id, rule: .languageAgreement,
                               message: "\(name(track))'s elng '\(text)' is not a BCP 47 language tag: players cannot name its language")
            }
            let media = LanguageName.terminologyCode(for: track.language)
            let extended = tag.iso639Code
            guard media != extended, !Self.isNorwegian(media, extended), extended != "und" else { return nil }
            let fix = TrackFix(track: track.id, TrackChanges(language: tag), automatic: true)
            if media == "und" {
                return Finding(.warning, track: track.id, rule: .languageAgreement,
                               message: "\(name(track)) says '\(text)' in elng but nothing in mdhd: players that read only mdhd list it as \"Unknown language\"; set mdhd to '\(extended)'",
                               fix: fix)
            }
            return Finding(.warning, track: track.id, rule: .languageAgreement,
                           message: "\(name(track)) says '\(text)' in elng but '\(media)' in mdhd: players that read elng list it as \(LanguageName.englishName(for: text) ?? text), older ones as \(LanguageName.englishName(for: media) ?? media); make mdhd agree with elng",
                           fix: fix)
        }
    }

    /// Norwegian `nor` is the macrolanguage of Bokmål `nob` and Nynorsk `nno`: an `mdhd` of `nor`
    /// with an `elng` of `nb` or `nn` is the closest code, not a contradiction.
    private static func isNorwegian(_ media: String, _ extended: String) -> Bool {
        media == "nor" && ["nob", "nno"].contains(extended)
    }
}
