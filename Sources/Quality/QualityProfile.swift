/// A published set of subtitle limits: each number with the document and section it is read
/// from, so every finding can say where its rule comes from. Profiles are data (``limits``);
/// the rules that apply them are the same for all.
public struct QualityProfile: Sendable, Equatable {
    /// The name `qc --profile` takes: `netflix`, `bbc`, …
    public var name: String
    /// The guideline, as a person names it.
    public var title: String
    /// The numbers; a rule without a limit here is not checked.
    public var limits: [QualityLimit]

    /// A profile called `name` (for `qc --profile`), titled `title`, with its limits.
    public init(name: String, title: String, limits: [QualityLimit]) {
        self.name = name
        self.title = title
        self.limits = limits
    }

    /// The limit this profile sets for `rule`, if any.
    public func limit(for rule: QualityRule) -> QualityLimit? {
        limits.first { $0.rule == rule }
    }

    /// The reading speed limit, which the report uses to colour cues.
    public var readingSpeed: ReadingSpeed? {
        guard case .readingSpeed(let speed)? = limit(for: .readingSpeed)?.value else { return nil }
        return speed
    }

    /// Every profile Legible knows, the default first.
    public static let all: [QualityProfile] = [.netflix, .netflixChildren, .bbc, .dcmp, .dcmpEducational, .fcc]

    /// The profile `qc` uses unless told otherwise.
    public static var standard: QualityProfile { .netflix }

    /// The profile called `name` (case-insensitive), if any.
    public static func named(_ name: String) -> QualityProfile? {
        all.first { $0.name == name.lowercased() }
    }
}
