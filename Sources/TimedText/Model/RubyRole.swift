/// The part a run plays in ruby text.
public enum RubyRole: String, Sendable, Hashable, Codable {
    /// The base text the annotation is attached to.
    case base
    /// The small annotation (`<rt>`).
    case annotation
}
