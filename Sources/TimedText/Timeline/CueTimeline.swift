/// Cues laid out as a media track needs them: contiguous, non-overlapping samples in an integer
/// track timescale, the first starting at 0, gaps filled with explicit empty samples.
///
/// Every boundary (each cue start and end) is converted on its own from the exact cue time to
/// the timescale, with rounding to the nearest unit; sample durations are differences of
/// converted boundaries. Durations therefore add up exactly to the last boundary and never
/// drift, however long the film.
///
/// A sample holds every cue active during it, in start order (ties in input order), so
/// overlapping cues are split at every start and end: `tx3g` writes them as one text, `wvtt`
/// writes one `vttc` per cue. Cues whose end is not after their start, and cues that become
/// zero-length after rounding, are dropped and reported in ``diagnostics``; parts of cues
/// before time 0 are cut off.
public struct CueTimeline: Sendable, Equatable {
    /// The timescale of every start and duration, in units per second.
    public let timescale: UInt32
    /// The samples, in time order, contiguous from 0 to ``duration``.
    public let samples: [TimelineSample]
    /// Cues that were dropped or cut, and why (the message names the cue by its 1-based index).
    public let diagnostics: [SubtitleDiagnostic]

    /// The most cues shown at once: real subtitles show a handful, karaoke and typesetting a few
    /// dozen; beyond this the samples (each repeats every cue it shows) grow as the square.
    public static let maxSimultaneousCues = 128
    /// The most cue pieces all samples hold together: enough for ``SubtitleParseLimits/maxCues``
    /// cues with some overlap, and a bound on the memory and the track's size.
    public static let maxCuePieces = 1_000_000

    /// The end of the last sample, in timescale units.
    public var duration: Int64 { samples.last.map { $0.start + $0.duration } ?? 0 }

    /// Lays out `cues` in `timescale` units per second. With `end`, cues starting at or after
    /// it are left out and cues running past it are cut there (``CuesPastEnd`` names them),
    /// while the cue numbers in ``diagnostics`` stay those of `cues`.
    ///
    /// - Throws: ``CueTimelineError/invalidTimescale`` when `timescale` is 0.
    public init(cues: [Cue], timescale: UInt32, clippedAt clipEnd: SubtitleTime? = nil) throws(CueTimelineError) {
        guard timescale > 0 else { throw .invalidTimescale }
        self.timescale = timescale
        var diagnostics: [SubtitleDiagnostic] = []

        struct Placed {
            var index: Int
            var start: Int64
            var end: Int64
        }
        var placed: [Placed] = []
        placed.reserveCapacity(cues.count)
        for (index, cue) in cues.enumerated() {
            let name = "cue \(index + 1)"
            if let problem = CueTimingProblem(cue) {
                diagnostics.append(SubtitleDiagnostic(line: nil, message: "\(name): \(problem.message); dropped"))
                continue
            }
            if let clipEnd, cue.start >= clipEnd { continue }
            var start = cue.start.units(inTimescale: timescale)
            let end = min(cue.end, clipEnd ?? cue.end).units(inTimescale: timescale)
            if end <= 0 {
                diagnostics.append(SubtitleDiagnostic(line: nil, message: "\(name): ends before time 0; dropped"))
                continue
            }
            if start < 0 {
                diagnostics.append(SubtitleDiagnostic(line: nil, message: "\(name): starts before time 0; start cut to 0"))
                start = 0
            }
            if start == end {
                diagnostics.append(SubtitleDiagnostic(
                    line: nil, message: "\(name): shorter than one unit of timescale \(timescale); dropped"))
                continue
            }
            placed.append(Placed(index: index, start: start, end: end))
        }

        // Sweep over the sorted boundaries, keeping the active cues in start order.
        let byStart = placed.sorted { ($0.start, $0.index) < ($1.start, $1.index) }
        var boundaries = Set<Int64>([0])
        for cue in placed {
            boundaries.insert(cue.start)
            boundaries.insert(cue.end)
        }
        let sortedBoundaries = boundaries.sorted()
        var samples: [TimelineSample] = []
        samples.reserveCapacity(sortedBoundaries.count)
        let storage = CueStorage(cues)
        var active: [Placed] = []
        var pieces = 0
        var next = 0
        for (position, boundary) in sortedBoundaries.enumerated().dropLast() {
            active.removeAll { $0.end <= boundary }
            while next < byStart.count, byStart[next].start == boundary {
                active.append(byStart[next])
                next += 1
            }
            if active.count > Self.maxSimultaneousCues {
                throw .tooManySimultaneousCues(limit: Self.maxSimultaneousCues, at: SubtitleTime(units: boundary, timescale: timescale) ?? .zero)
            }
            pieces += active.count
            if pieces > Self.maxCuePieces { throw .tooManyCuePieces(limit: Self.maxCuePieces) }
            samples.append(TimelineSample(start: boundary, duration: sortedBoundaries[position + 1] - boundary,
                                          storage: storage, cueIndices: active.map(\.index)))
        }
        self.samples = samples
        self.diagnostics = diagnostics
    }
}
