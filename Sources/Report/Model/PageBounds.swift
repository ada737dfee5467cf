/// How much of a movie's text the page draws one by one. Each bar, table row and WebVTT cue
/// costs the page a few hundred bytes and the browser a node, so a movie with 100,000 cues would
/// give a page of hundreds of megabytes; past these bounds a track is summarised per minute
/// (`CueDensity`) and its findings listed up to a count per rule, which keeps the page, the
/// memory and the time it takes bounded whatever the movie holds.
public struct PageBounds: Sendable, Equatable {
    /// A track with at most this many cues is drawn cue by cue, its findings marked on the axis.
    public var cuesDrawnPerTrack: Int
    /// The cues drawn cue by cue on the whole page: tracks are drawn in order while they fit.
    public var cuesDrawnPerPage: Int
    /// A track with at most this many findings lists them all.
    public var findingsListedPerTrack: Int
    /// Past ``findingsListedPerTrack``, the findings listed of each rule (errors first).
    public var findingsListedPerRule: Int
    /// The cues of a summarised track that the page's player carries, from the first.
    public var cuesPlayedWhenSummarised: Int

    /// Creates bounds; each default is what `legible report` uses.
    public init(cuesDrawnPerTrack: Int = 5_000, cuesDrawnPerPage: Int = 12_000, findingsListedPerTrack: Int = 10_000,
                findingsListedPerRule: Int = 50, cuesPlayedWhenSummarised: Int = 1_000) {
        self.cuesDrawnPerTrack = cuesDrawnPerTrack
        self.cuesDrawnPerPage = cuesDrawnPerPage
        self.findingsListedPerTrack = findingsListedPerTrack
        self.findingsListedPerRule = findingsListedPerRule
        self.cuesPlayedWhenSummarised = cuesPlayedWhenSummarised
    }

    /// Which of tracks with `cueCounts` (in page order) are drawn cue by cue.
    func drawsCueByCue(_ cueCounts: [Int]) -> [Bool] {
        var drawn = 0
        return cueCounts.map { count in
            guard count <= cuesDrawnPerTrack, drawn + count <= cuesDrawnPerPage else { return false }
            drawn += count
            return true
        }
    }
}
