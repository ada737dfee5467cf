/// The FCC's caption quality standards for television, 47 CFR 79.1(j)(2): captions accurate,
/// synchronous, complete and appropriately placed. The Commission adopted them as
/// non-quantitative standards (FCC 14-12), so this profile sets no number: it applies the rules
/// every profile shares (overlapping captions, captions past the program's end, cues that cannot
/// show), which 79.1(j)(2)(iii) and (iv) name.
extension QualityProfile {
    /// The FCC's caption quality standards: rules without numbers, so only the structural checks
    /// apply.
    public static let fcc = QualityProfile(name: "fcc", title: "FCC caption quality standards, 47 CFR 79.1(j)(2)", limits: [])
}
