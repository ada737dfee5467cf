/// A DASH `SegmentTimeline` (ISO/IEC 23009-1 §5.3.9.6): the segments' start times and durations
/// as a run-length list of `S` elements. `@t` is the start of the first segment of a run, on the
/// media timeline (what the segment's `tfdt` says; DASH-IF IOP: `S@t` holds the earliest
/// presentation time, `presentationTimeOffset` not subtracted) and is written only where a run
/// does not start where the previous one ended; `@d` is each segment's duration; `@r` how many
/// more segments of that duration follow, back to back.
public struct SegmentTimeline: Sendable, Equatable {
    /// One `S` element.
    public struct Entry: Sendable, Equatable {
        /// `@t`: nil where the segment starts where the previous one ended.
        public var start: UInt64?
        /// `@d`.
        public var duration: UInt64
        /// `@r`: repeats after the first (0: one segment).
        public var repeats: Int

        /// Creates an entry.
        public init(start: UInt64?, duration: UInt64, repeats: Int = 0) {
            self.start = start
            self.duration = duration
            self.repeats = repeats
        }
    }

    /// The `S` elements, in order.
    public var entries: [Entry]

    /// The timeline of segments given as (start, duration) pairs in play order, on one
    /// timescale: a segment of the same duration that starts where the previous one ended adds
    /// to its run; one that starts elsewhere (a gap or an overlap) opens a run with `@t`.
    public init(segments: [(start: UInt64, duration: UInt64)]) {
        var entries: [Entry] = []
        var end: UInt64?
        for segment in segments {
            if let last = entries.last, segment.start == end {
                if last.duration == segment.duration {
                    entries[entries.count - 1].repeats += 1
                } else {
                    entries.append(Entry(start: nil, duration: segment.duration))
                }
            } else {
                entries.append(Entry(start: segment.start, duration: segment.duration))
            }
            end = segment.start.addingReportingOverflow(segment.duration).partialValue
        }
        self.entries = entries
    }

    /// How many segments the timeline lists.
    public var segmentCount: Int { entries.reduce(0) { $0 + 1 + $1.repeats } }

    /// The `S` elements as XML: `<S t="0" d="90000" r="2"/>`, `@t` and `@r` left out where they
    /// are implied (§5.3.9.6: `@r` defaults to 0).
    public var elements: [String] {
        entries.map { entry in
            var attributes: [String] = []
            if let start = entry.start { attributes.append("t=\"\(start)\"") }
            attributes.append("d=\"\(entry.duration)\"")
            if entry.repeats > 0 { attributes.append("r=\"\(entry.repeats)\"") }
            return "<S " + attributes.joined(separator: " ") + "/>"
        }
    }
}
