/// What a box is for, where a ``BoxRule`` names it as a part players need: the allow-list a
/// privacy edit keeps (every other box in the containers it reviews goes).
public enum BoxRole: String, Sendable, Hashable {
    /// Movie, track, media or fragment structure: headers, sample tables, references, edit
    /// lists, data references, fragment and protection information.
    case structure
    /// A sample entry's decoder or presentation configuration (`avcC`, `esds`, `colr`, …).
    case codecConfiguration = "codec-configuration"
}
