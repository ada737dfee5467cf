import ISOBMFF

extension Movie {
    /// Every sample of `track` in decode order: those of its sample table, then those of its
    /// movie fragments (``FragmentSampleIndex``), which continue the table's timeline. At most
    /// `maxSamples`, or an error naming the table or the `trun` that asks for more — or, when
    /// the file was read only up to a limit, ``readingStop``: fragments past it were not read,
    /// and a track without them would be cut short unsaid.
    public func samples(of track: Track, maxSamples: Int) throws(BoxError) -> [SampleTable.Sample] {
        try samples(ofEach: [track], maxSamples: maxSamples)[track.id] ?? []
    }

    /// The samples of each of `tracks`, by track ID, as ``samples(of:maxSamples:)`` reads them:
    /// the fragments are read once for all of them.
    public func samples(ofEach tracks: [Track], maxSamples: Int) throws(BoxError) -> [UInt32: [SampleTable.Sample]] {
        try samples(ofEach: tracks, maxSamples: maxSamples) { $0 }
    }

    /// The samples of each of `tracks`, by track ID, as ``samples(of:maxSamples:)`` reads them,
    /// each kept as `making` makes it: a caller that needs only where each sample is keeps a
    /// few bytes a sample.
    public func samples<Element>(ofEach tracks: [Track], maxSamples: Int,
                                 making: (SampleTable.Sample) -> Element) throws(BoxError) -> [UInt32: [Element]] {
        var samples: [UInt32: [Element]] = [:]
        // The decode time of each fragmented track's next sample.
        var times: [UInt32: UInt64] = [:]
        for track in tracks {
            guard let summary = fragments, summary.tracks[track.id] != nil else {
                samples[track.id] = try track.tableSamples(maxSamples: maxSamples).map(making)
                continue
            }
            if let stop = readingStop {
                throw BoxError(.damaged("\(stop.message), track \(track.id)'s fragments included"), at: stop.location)
            }
            let table = track.tableSampleCount > 0 ? try track.tableSamples(maxSamples: maxSamples) : []
            times[track.id] = table.last.map { $0.decodeTime.saturatingAdd(UInt64($0.duration)) } ?? 0
            var kept = table.map(making)
            // As many as the fragments said they hold, so the list is not doubled as it grows.
            kept.reserveCapacity(table.count + Int(clamping: min(summary.tracks[track.id]?.samples ?? 0, UInt64(maxSamples))))
            samples[track.id] = kept
        }
        guard let summary = fragments, !times.isEmpty, let limits = tracks.first?.limits else { return samples }
        for moof in fragmentBoxes {
            for run in try FragmentSampleIndex.placedRuns(in: moof, defaults: summary.defaults, limits: limits) {
                let trackID = run.header.trackID
                guard var time = times[trackID] else { continue }
                try FragmentSampleIndex.appendSamples(of: run, defaults: summary.defaults[trackID], time: &time, fileSize: file.source.size,
                                                      maxSamples: maxSamples, limits: limits, to: &samples[trackID, default: []],
                                                      making: making)
                times[trackID] = time
            }
        }
        return samples
    }
}

extension Track {
    /// The samples of the track's sample table (none of its movie fragments), at most
    /// `maxSamples`, or an error naming the table.
    public func tableSamples(maxSamples: Int) throws(BoxError) -> [SampleTable.Sample] {
        let table = try sampleTable()
        guard table.count <= maxSamples else {
            let location = box.descendant(["mdia", "minf", "stbl"])?.location ?? box.location ?? BoxLocation(path: "trak", offset: 0)
            throw BoxError(.limitExceeded("track \(id) has \(table.count) samples (at most \(maxSamples) are read)"), at: location)
        }
        return Array(table)
    }
}
