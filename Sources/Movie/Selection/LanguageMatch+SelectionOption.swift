import Language

// Here, not in `Language`: options are the model's, and the language layer below it knows tags, not tracks.
extension LanguageMatch {
    /// The options that best answer the preferred languages: those matching the earliest
    /// preference that any option matches, at the strongest match found for it (AVFoundation
    /// sorts "according to the order of preference of the language each matches"). Nil when no
    /// option matches any preference.
    public static func best(among options: [SelectionOption], for languages: [LanguageTag])
        -> (preference: LanguageTag, position: Int, match: LanguageMatch, options: [SelectionOption])? {
        for (position, preference) in languages.enumerated() {
            let scored = options.map { (option: $0, match: LanguageMatch(language: $0.language, preference: preference)) }
            guard let strongest = scored.map(\.match).max(), strongest > .none else { continue }
            return (preference, position, strongest, scored.filter { $0.match == strongest }.map(\.option))
        }
        return nil
    }
}
