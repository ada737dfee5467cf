import ISOBMFF

extension Movie {
    /// Every sample of `track` in decode order: those of its sample table, then those of its
    /// movie fragments (``FragmentSampleIndex``), which continue the table's timeline. At most
    /// `maxSamples`, or an error naming the table or the `trun` that asks for more.
    public func samples(of track: Track, maxSamples: Int) throws(BoxError) -> [SampleTable.Sample] {
        guard let summary = fragments, summary.tracks[track.id] != nil else { return try track.tableSamples(maxSamples: maxSamples) }
        let table = track.tableSampleCount > 0 ? try track.tableSamples(maxSamples: maxSamples) : []
        let endTime = table.last.map { $0.decodeTime.saturatingAdd(UInt64($0.duration)) } ?? 0
        let moofs = file.boxes.filter { $0.type == "moof" }
        return table + (try FragmentSampleIndex.samples(of: track.id, in: moofs, defaults: summary.defaults,
                                                        firstIndex: table.count, startTime: endTime, fileSize: file.source.size,
                                                        maxSamples: maxSamples - table.count, limits: track.limits))
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
