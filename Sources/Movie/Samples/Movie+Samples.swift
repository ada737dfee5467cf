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
                                 making: @escaping (SampleTable.Sample) -> Element) throws(BoxError) -> [UInt32: [Element]] {
        var collector = FragmentSampleCollector(defaults: fragments?.defaults ?? [:], fileSize: file.source.size,
                                                maxSamples: maxSamples, limits: tracks.first?.limits ?? .standard, making: making)
        for track in tracks {
            let fragmentSamples = fragments?.tracks[track.id]?.samples
            if fragmentSamples != nil, let stop = readingStop {
                throw BoxError(.damaged("\(stop.message), track \(track.id)'s fragments included"), at: stop.location)
            }
            try collector.start(track, fragmentSamples: fragmentSamples)
        }
        guard collector.takesFragments else { return collector.samples }
        for moof in fragmentBoxes { try collector.add(moof) }
        return collector.samples
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
