import ISOBMFF
import TimedText

extension Track {
    /// How long one frame of this video track lasts: the sample duration most samples have
    /// (`stts`, ISO/IEC 14496-12 §8.6.1.2) over the media timescale. Nil for a track that is not
    /// video, has no samples in its table (a fragmented movie) or whose table cannot be read.
    public var frameDuration: SubtitleTime? {
        guard mediaType == .video, let table = try? sampleTable() else { return nil }
        let runs = table.timeToSample
        var best: (count: UInt64, delta: UInt32)?
        var counts: [UInt32: UInt64] = [:]
        for run in 0..<runs.body.count {
            let delta = runs.sampleDelta(ofRun: run)
            let count = counts[delta, default: 0].saturatingAdd(UInt64(runs.sampleCount(ofRun: run)))
            counts[delta] = count
            if delta > 0, count > (best?.count ?? 0) { best = (count, delta) }
        }
        guard let best else { return nil }
        return SubtitleTime(units: Int64(best.delta), timescale: mediaHeader.timescale)
    }
}
