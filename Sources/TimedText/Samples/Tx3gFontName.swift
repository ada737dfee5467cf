/// Font names of a `tx3g` font table (`ftab`; 3GPP TS 26.245 §5.16: an ID and a name of at most
/// 255 bytes per font, which style records name by ID) and the font families of the cue model
/// (``TextStyle/fontFamily``, TTML `tts:fontFamily`).
///
/// TTML's generic families (TTML1 §8.2.8: `monospace`, `sansSerif`, `serif` and their
/// `proportional…`/`monospace…` forms) become the generic names `tx3g` writers use: `Monospace`,
/// `Sans-Serif` (the default font Legible writes), `Serif`; other names are kept as they are.
enum Tx3gFontName {
    /// The `ftab` name for one family, nil when it does not fit (more than 255 UTF-8 bytes).
    static func name(forFamily family: String) -> String? {
        let name = generic[family] ?? family
        return (1...255).contains(name.utf8.count) ? name : nil
    }

    /// The `ftab` name for a family list when `tx3g` can say it all: a single family.
    static func name(forFamilies families: [String]) -> String? {
        families.count == 1 ? name(forFamily: families[0]) : nil
    }

    /// The family an `ftab` name stands for: a generic name as TTML's, others as they are.
    static func family(forName name: String) -> String {
        switch name.lowercased() {
        case "monospace": "monospace"
        case "sans-serif": "sansSerif"
        case "serif": "serif"
        default: name
        }
    }

    private static let generic: [String: String] = [
        "monospace": "Monospace", "monospaceSansSerif": "Monospace", "monospaceSerif": "Monospace",
        "sansSerif": "Sans-Serif", "proportionalSansSerif": "Sans-Serif",
        "serif": "Serif", "proportionalSerif": "Serif",
    ]
}
