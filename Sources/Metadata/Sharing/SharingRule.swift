/// One line of a sharing policy: which subjects it covers, what happens to them and why.
///
/// Subjects are strings: a metadata identifier (`mdta/com.apple.quicktime.location.ISO6709`,
/// `udta/©xyz`), a box (`box:uuid`, `box:moov/free`), a timed metadata track's sample format
/// (`track:gpmd`) or movie header times (`header:times`). A pattern is a subject, a prefix
/// ending in `*`, or `box:*/TYPE` for a box type in any container.
public struct SharingRule: Sendable, Hashable, Codable {
    /// What a rule does with the subjects it matches.
    public enum Action: String, Sendable, Hashable, Codable {
        /// The subject stays.
        case keep
        /// The subject is removed.
        case remove
    }

    /// A subject, or a prefix ending in `*`.
    public var pattern: String
    /// Whether matching subjects are kept or removed.
    public var action: Action
    /// The kind of information the matching subjects are.
    public var category: SharingCategory
    /// Why, for people.
    public var reason: String

    /// Creates a rule that applies `action` to subjects matching `pattern`.
    public init(_ pattern: String, _ action: Action, _ category: SharingCategory, _ reason: String) {
        self.pattern = pattern
        self.action = action
        self.category = category
        self.reason = reason
    }

    /// Whether `subject` equals the pattern, or starts with its prefix when it ends in `*`; a
    /// pattern `box:*/TYPE` matches a box of that type inside any container (`box:stbl/TYPE`).
    public func matches(_ subject: String) -> Bool {
        if pattern.hasPrefix(Self.boxInAnyContainer) {
            return subject.hasPrefix("box:") && subject.hasSuffix("/" + pattern.dropFirst(Self.boxInAnyContainer.count))
        }
        return pattern.hasSuffix("*") ? subject.hasPrefix(pattern.dropLast()) : subject == pattern
    }

    /// The start of a pattern that matches a box type inside any container.
    static let boxInAnyContainer = "box:*/"
}
