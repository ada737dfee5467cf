/// When a TTML element is active on the document timeline (TTML1 3rd Ed. §10.4): from `begin`
/// up to, not including, `end`; a `nil` end is indefinite (the element stays active until the
/// document ends).
struct TTMLActiveInterval: Equatable {
    var begin: SubtitleTime
    var end: SubtitleTime?

    /// Whether the interval holds no instant, as for an element that begins when or after its
    /// parent ends: such an element is never presented.
    var isEmpty: Bool { end.map { $0 <= begin } ?? false }

    func contains(_ time: SubtitleTime) -> Bool {
        time >= begin && end.map { time < $0 } ?? true
    }

    /// The part of `self` inside `other`.
    func clipped(to other: TTMLActiveInterval) -> TTMLActiveInterval {
        TTMLActiveInterval(begin: max(begin, other.begin), end: Self.earlier(end, other.end))
    }

    /// The earlier of two ends, `nil` standing for indefinite.
    static func earlier(_ first: SubtitleTime?, _ second: SubtitleTime?) -> SubtitleTime? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }
}
