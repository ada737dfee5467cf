import ISOBMFF

extension Track {
    /// The duration of most of the track's samples, in its media timescale: a video track's
    /// frame duration. Reads only `stts` (a constant-rate track has one entry); nil without one,
    /// or when it is damaged.
    public var nominalSampleDuration: UInt32? {
        guard let stts = box.descendant(["mdia", "minf", "stbl", "stts"]),
              let table = try? TimeToSampleBox(stts.loaded(limits: limits)) else { return nil }
        var best: (count: UInt32, delta: UInt32)?
        for run in 0..<table.body.count {
            let count = table.sampleCount(ofRun: run), delta = table.sampleDelta(ofRun: run)
            if delta > 0, count > (best?.count ?? 0) { best = (count, delta) }
        }
        return best?.delta
    }
}
