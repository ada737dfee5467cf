/// One line of a sharing policy: which subjects it covers, what happens to them and why.
///
/// Subjects are strings: a metadata identifier (`mdta/com.apple.quicktime.location.ISO6709`,
/// `udta/©xyz`), a box (`box:uuid`, `box:moov/free`), a timed metadata track's sample format
/// (`track:gpmd`) or movie header times (`header:times`). A pattern is a subject, or a prefix
/// ending in `*`.
public struct SharingRule: Sendable, Hashable, Codable {
    public enum Action: String, Sendable, Hashable, Codable {
        case keep, remove
    }

    public var pattern: String
    public var action: Action
    public var category: SharingCategory
    public var reason: String

    public init(_ pattern: String, _ action: Action, _ category: SharingCategory, _ reason: String) {
        self.pattern = pattern
        self.action = action
        self.category = category
        self.reason = reason
    }

    public func matches(_ subject: String) -> Bool {
        pattern.hasSuffix("*") ? subject.hasPrefix(pattern.dropLast()) : subject == pattern
    }
}
