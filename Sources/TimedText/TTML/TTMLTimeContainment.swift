import ISOBMFF
import XML
/// Resolves the active interval of every content element of a TTML body, as TTML1 3rd Edition
/// §10.4 (Time Containment) defines it with SMIL's semantics:
///
/// - In a parallel container (the default, `timeContainer="par"`) a child's `begin` and `end`
///   count from the container's begin; in a sequential one (`seq`) from the end of the previous
///   child, and a child after one that never ends never begins.
/// - `dur` counts from the element's begin; with both `end` and `dur` the earlier end wins.
/// - An element without `end` or `dur` has its implicit duration: a `par` container ends with
///   its last child (SMIL `endsync="all"`), and never while it holds text (an anonymous span,
///   blank or not, in a `par` container is indefinite, and so is `br`); a `seq` container ends
///   with its last child, and text directly in it lasts zero; an empty element lasts zero.
/// - Every element is cut at its parent's end, so one that begins at or after its parent's end
///   is never active.
/// - `set` (§11.1) is timed like a child in a parallel container, without taking part in
///   its parent's implicit duration.
///
/// Regions are timed on their own (§9.1.2): from the document's begin, see `regionInterval(_:)`.
struct TTMLTimeContainment {
    let timing: TTMLTimeExpression
    /// Elements left out for a time expression that cannot be read: line and message.
    private(set) var warnings: [(Int, String)] = []

    init(timing: TTMLTimeExpression) {
        self.timing = timing
    }

    /// The timed tree under `element`, which begins at `syncBase` plus its `begin` and is cut
    /// at `parentEnd` (`nil`: indefinite); `nil` when a time expression on it cannot be read.
    /// Recursion depth is bounded by the XML nesting limit.
    mutating func resolve(_ element: XMLElement, syncBase: SubtitleTime, parentEnd: SubtitleTime?) -> TTMLTimedElement? {
        guard let explicit = explicitInterval(of: element, syncBase: syncBase) else { return nil }
        if let end = explicit.end, end <= explicit.begin {
            // An authoring slip, unlike an element cut by its parent's end (§10.4 wants that).
            warnings.append((element.line, "<\(element.name.local)> ends at or before its begin; never shown"))
        }
        let bound = TTMLActiveInterval.earlier(explicit.end, parentEnd)
        let isSequential = element.attribute("timeContainer", in: nil)?.trimmingTextWhitespace() == "seq"
        var nodes: [TTMLTimedElement.Node] = []
        var animations: [TTMLTimedElement.Animation] = []
        // The next child's sync base: nil once a sequential child never ends.
        var nextSyncBase: SubtitleTime? = explicit.begin
        var lastChildEnd: SubtitleTime? = explicit.begin
        var isIndefinite = false
        for child in element.children {
            switch child {
            case .text(let text):
                nodes.append(.text(text))
                if !isSequential, !text.isEmpty { isIndefinite = true }
            case .element(let child) where child.isTTML("set"):
                if let timed = explicitInterval(of: child, syncBase: explicit.begin) {
                    let interval = timed.clipped(to: TTMLActiveInterval(begin: explicit.begin, end: bound))
                    animations.append(TTMLTimedElement.Animation(interval: interval, element: child))
                }
            case .element(let child) where Self.isTimedContent(child):
                guard let syncBase = isSequential ? nextSyncBase : explicit.begin,
                      let timed = resolve(child, syncBase: syncBase, parentEnd: bound) else { continue }
                nodes.append(.element(timed))
                if isSequential {
                    nextSyncBase = timed.interval.end
                    lastChildEnd = timed.interval.end
                } else if let end = timed.interval.end {
                    lastChildEnd = max(lastChildEnd ?? end, end)
                } else {
                    isIndefinite = true
                }
            case .element(let child):
                nodes.append(.untimed(child))
            }
        }
        var end: SubtitleTime?
        if explicit.end != nil {
            end = explicit.end
        } else if element.isTTML("br") {
            end = nil
        } else if isSequential {
            end = nextSyncBase == nil ? nil : lastChildEnd
        } else {
            end = isIndefinite ? nil : lastChildEnd
        }
        let interval = TTMLActiveInterval(begin: explicit.begin, end: TTMLActiveInterval.earlier(end, parentEnd))
        return TTMLTimedElement(element: element, interval: interval, nodes: nodes, animations: animations, isSequential: isSequential)
    }

    /// A region's active interval (TTML1 §9.1.2): its `begin`, `end` and `dur` count from the
    /// document's begin; `nil` when one cannot be read (the region is then always active).
    mutating func regionInterval(_ region: XMLElement) -> TTMLActiveInterval? {
        explicitInterval(of: region, syncBase: .zero)
    }

    /// The interval `begin`, `end` and `dur` give, before implicit durations and the parent's
    /// end; `nil`, with a warning, when one of them is not a time expression.
    private mutating func explicitInterval(of element: XMLElement, syncBase: SubtitleTime) -> TTMLActiveInterval? {
        func offset(_ name: String) -> SubtitleTime?? {
            guard let text = element.attribute(name, in: nil) else { return .some(nil) }
            return timing.time(text).map { .some($0) }
        }
        guard let beginOffset = offset("begin"), let endOffset = offset("end"), let duration = offset("dur") else {
            warnings.append((element.line, "malformed time expression; <\(element.name.local)> skipped"))
            return nil
        }
        let begin = syncBase + (beginOffset ?? .zero)
        var end = endOffset.map { syncBase + $0 }
        if let duration { end = TTMLActiveInterval.earlier(end, begin + duration) }
        return TTMLActiveInterval(begin: begin, end: end)
    }

    private static func isTimedContent(_ element: XMLElement) -> Bool {
        ["div", "p", "span", "br"].contains { element.isTTML($0) }
    }
}
