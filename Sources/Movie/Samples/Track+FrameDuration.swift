import ISOBMFF

extension Track {
    /// The duration most of the track's samples have, in its media timescale (`stts`, ISO/IEC
    /// 14496-12 §8.6.1.2): a video track's frame duration. Reads only `stts`; nil without one,
    /// when it is damaged, or when it has no sample (a fragmented movie).
    public var nominalSampleDuration: UInt32? {
        guard let stts = box.descendant(["mdia", "minf", "stbl", "stts"]),
              let table = try? TimeToSampleBox(stts.loaded(limits: limits)) else { return nil }
        var best: (count: UInt64, delta: UInt32)?
        var counts: [UInt32: UInt64] = [:]
        for run in 0..<table.body.count {
            let delta = table.sampleDelta(ofRun: run)
            let count = counts[delta, default: 0].saturatingAdd(UInt64(table.sampleCount(ofRun: run)))
            counts[delta] = count
            if delta > 0, count > (best?.count ?? 0) { best = (count, delta) }
        }
        return best?.delta
    }

    /// How long one frame of this video track lasts: ``nominalSampleDuration`` over the media
    /// timescale. Nil for a track that is not video or has no readable `stts`.
    public var frameDuration: MediaTime? {
        guard mediaType == .video, let delta = nominalSampleDuration else { return nil }
        return MediaTime(units: Int64(delta), timescale: mediaHeader.timescale)
    }
}
