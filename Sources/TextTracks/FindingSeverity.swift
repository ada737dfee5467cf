/// How much a finding matters to a viewer: one scale for `check`'s findings about a movie and
/// `qc`'s about its cues.
public enum FindingSeverity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Players will not offer or choose tracks as the author meant (QTFF: they "may act as
    /// though there is no alternate information"); `check` exits 1 while one remains.
    case error
    /// A menu entry is mislabelled, hidden or ambiguous, or a documented recommendation is not met.
    case warning
    /// Worth knowing; players cope.
    case info

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }
}
