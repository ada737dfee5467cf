/// The FCC's caption quality standards for television, 47 CFR 79.1(j)(2): captions accurate,
/// synchronous, complete and appropriately placed. The Commission adopted them as
/// non-quantitative standards (FCC 14-12), so this profile sets no number: it applies the rules
/// every profile shares (overlapping captions, captions past the program's end, cues that cannot
/// show), which 79.1(j)(2)(iii) and (iv) name, and the character set of the captions the rules
/// are about.
extension QualityProfile {
    /// The FCC's caption quality standards: no numbers, the structural checks, and the CEA-608
    /// character set.
    public static let fcc = QualityProfile(name: "fcc", title: "FCC caption quality standards, 47 CFR 79.1(j)(2)", limits: [
        // An error: the caption then does not show what is said, and accuracy (79.1(j)(2)(i))
        // is a "shall".
        QualityLimit(.cea608Characters, .error,
                     source: "\(cea608CharacterSet), the line 21 captions whose decoding 47 CFR 79.101 requires of television receivers; 47 CFR 79.1(j)(2)(i): captions shall match the spoken words"),
    ])

    /// The 608 character set as its standard names it.
    static let cea608CharacterSet = "ANSI/CTA-608-E §6.4 Character Set (standard, special and extended characters)"
}
