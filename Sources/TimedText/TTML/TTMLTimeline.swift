/// Splits a TTML paragraph's active interval into intervals over which what it presents cannot
/// change: cut at every begin and end of its descendants, of its own and its ancestors' `set`
/// animations, and of its region (TTML1 3rd Ed. §10.4, §11.1, §9.1.2). Each interval is one
/// intermediate synchronic document's view of the paragraph (§9.3); the reader presents the
/// paragraph at each interval's begin and joins neighbours that present the same.
struct TTMLTimeline {
    /// The paragraph's intervals, in time order, contiguous; the last one has no end when the
    /// paragraph has none.
    let intervals: [TTMLActiveInterval]
    /// Elements and animations in the paragraph, and animations above it: what presenting it
    /// once costs.
    let elementCount: Int

    /// - Parameters:
    ///   - window: the part of the paragraph's interval its region is active in.
    ///   - ancestors: the containers from `body` down to the paragraph's parent.
    init(paragraph: TTMLTimedElement, window: TTMLActiveInterval, ancestors: [TTMLTimedElement]) {
        var instants: Set<SubtitleTime> = []
        func add(_ interval: TTMLActiveInterval) {
            for instant in [interval.begin, interval.end] {
                if let instant, window.contains(instant), instant != window.begin { instants.insert(instant) }
            }
        }
        var count = 0
        paragraph.forEachBoundary {
            count += 1
            add($0)
        }
        for ancestor in ancestors {
            count += ancestor.animations.count
            for animation in ancestor.animations { add(animation.interval) }
        }
        var intervals: [TTMLActiveInterval] = []
        var begin = window.begin
        for instant in instants.sorted() {
            intervals.append(TTMLActiveInterval(begin: begin, end: instant))
            begin = instant
        }
        intervals.append(TTMLActiveInterval(begin: begin, end: window.end))
        self.intervals = intervals
        elementCount = count
    }
}
