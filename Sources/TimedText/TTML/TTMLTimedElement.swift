/// A TTML content element (`body`, `div`, `p`, `span`, `br`) with its active interval resolved
/// on the document timeline, and its children likewise: what `TTMLTimeContainment` makes of
/// the element tree and `TTMLTimeline` splits into intervals of constant content.
struct TTMLTimedElement {
    enum Node {
        /// Character content: an anonymous span (TTML1 3rd Ed. §10.4), active with its parent.
        case text(String)
        case element(TTMLTimedElement)
        /// An element without timing semantics here (`metadata`, foreign vocabulary).
        case untimed(XMLElement)
    }

    /// A `set` child (TTML1 §11.1): its style properties apply to the parent while it is active.
    struct Animation {
        var interval: TTMLActiveInterval
        var element: XMLElement
    }

    /// The element itself, for its name, attributes and line; its children are in `nodes`.
    var element: XMLElement
    var interval: TTMLActiveInterval
    var nodes: [Node]
    var animations: [Animation]
    /// Whether the element is a sequential time container: anonymous spans directly inside one
    /// have a zero duration (TTML1 §10.4), so its own text is never presented.
    var isSequential: Bool

    /// The begin and end of every descendant and animation, this element's own included:
    /// the instants at which what the element presents may change.
    func forEachBoundary(_ body: (TTMLActiveInterval) -> Void) {
        body(interval)
        for animation in animations { body(animation.interval) }
        for node in nodes {
            if case .element(let child) = node { child.forEachBoundary(body) }
        }
    }
}
