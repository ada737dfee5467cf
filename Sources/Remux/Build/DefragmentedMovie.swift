import ISOBMFF
import Movie

/// A fragmented movie (ISO/IEC 14496-12 §8.8) as the regular movie the engine edits: each
/// track's samples, from its sample table and its movie fragments (``Movie/samples(of:maxSamples:)``),
/// described again in its `stbl` — `stts`, `ctts` when a sample has a composition offset, `stss`
/// when one is not a sync sample, `stsz`, `stsc` and `stco`/`co64`, contiguous samples of one
/// sample description making one chunk, so the layout copies them in long runs — with `mvex`
/// gone and the `mdhd`, `tkhd` and `mvhd` durations those of the samples. The top-level boxes
/// that describe or index fragments (`moof`, `sidx`, `ssix`, `mfra`, `styp`) are left out: their
/// samples stay where they are, in the `mdat`s the layout copies, and the new tables point at them.
enum DefragmentedMovie {

    /// Samples read per track at most: the tables are built in memory.
    static let maximumSamples = 2_000_000

    /// Tables `stbl` holds that the new ones replace.
    private static let replacedTables: Set<FourCC> = ["stts", "ctts", "stss", "stsz", "stz2", "stsc", "stco", "co64"]

    /// `movie` with every track's samples in its sample table; `movie` itself when it has no
    /// fragments. `samples`: every track's, as `movie.samples(ofEach:maxSamples:)` of all its
    /// tracks gives them with ``maximumSamples`` (the reader gathers them in its pass,
    /// `Movie.read(_:limits:samplesUpTo:)`); nil, they are read here.
    static func regular(_ movie: Movie, samples given: [UInt32: [SampleTable.Sample]]? = nil,
                        limits: Limits) throws(BoxError) -> Movie {
        guard movie.isFragmented else { return movie }
        // Judged on the fragmented movie: the regular one would have neither fragments of no
        // track (their samples gone) nor the damaged header as it was.
        try movie.checkEditable()
        let movieTimescale = movie.header?.timescale ?? 600
        var traks: [Box] = []
        var movieDuration: UInt64 = 0
        let samples: [UInt32: [SampleTable.Sample]]
        if let given { samples = given } else { samples = try movie.samples(ofEach: movie.tracks, maxSamples: maximumSamples) }
        try checkSamplesOutsideLeftOutBoxes(movie, samples: samples)
        for (track, trak) in zip(movie.tracks, movie.movieBox.children("trak")) {
            let rebuilt = try Self.trak(trak, track: track, samples: samples[track.id] ?? [],
                                        movieTimescale: movieTimescale, limits: limits)
            movieDuration = max(movieDuration, rebuilt.duration)
            traks.append(rebuilt.trak)
        }
        var moov = movie.movieBox
        var remaining = traks.makeIterator()
        moov.setChildren(moov.children.compactMap { child in
            switch child.type {
            case "mvex": nil
            case "trak": remaining.next()
            default: child
            }
        })
        if var header = movie.header {
            header.timing.setDuration(movieDuration)
            moov.modifyChild("mvhd") { $0.setPayload(header) }
        }
        var file = movie.file
        file.boxes.removeAll { Movie.fragmentBoxTypes.contains($0.type) }
        if let live = file.boxes.firstIndex(where: { $0.type == "moov" }) { file.boxes[live] = moov }
        return try Movie(file: file, limits: limits)
    }

    /// Refuses a sample inside a box the regular movie leaves out, a `moof` whose `trun` points
    /// into it, say: the new tables would point at bytes the output does not copy, as a layout
    /// that keeps the fragments refuses a run outside the boxes it copies. Contiguous samples
    /// are checked as one range, so a track costs a lookup per chunk.
    private static func checkSamplesOutsideLeftOutBoxes(_ movie: Movie, samples: [UInt32: [SampleTable.Sample]]) throws(BoxError) {
        let boxes = movie.file.boxes
        let leftOut = boxes.indices.filter { Movie.fragmentBoxTypes.contains(boxes.type(at: $0)) && boxes[$0].location != nil }
        let ranges = leftOut.map { index in
            let box = boxes[index]
            let start = box.location?.offset ?? 0
            return start..<start.saturatingAdd(box.header.totalSize)
        }
        for track in movie.tracks {
            var run: Range<UInt64>?
            for sample in samples[track.id] ?? [] where sample.size > 0 {
                let range = sample.offset..<sample.offset.saturatingAdd(UInt64(sample.size))
                if let current = run, current.upperBound == range.lowerBound {
                    run = current.lowerBound..<range.upperBound
                    continue
                }
                if let current = run, let box = box(containing: current, in: ranges) {
                    throw .samplesInside(boxes[leftOut[box]], trackID: track.id)
                }
                run = range
            }
            if let run, let box = box(containing: run, in: ranges) { throw .samplesInside(boxes[leftOut[box]], trackID: track.id) }
        }
    }

    /// The index of the first of `ranges` (in file order, none overlapping) that `run` has bytes in.
    private static func box(containing run: Range<UInt64>, in ranges: [Range<UInt64>]) -> Int? {
        let index = ranges.partitioningIndex { $0.upperBound > run.lowerBound }
        return index < ranges.count && ranges[index].lowerBound < run.upperBound ? index : nil
    }

    /// The `trak` with its samples in its tables, its `mdhd` and `tkhd` durations theirs, and
    /// its duration in movie time.
    private static func trak(_ trak: Box, track: Track, samples: [SampleTable.Sample], movieTimescale: UInt32,
                             limits: Limits) throws(BoxError) -> (trak: Box, duration: UInt64) {
        let location = trak.location ?? BoxLocation(path: "trak", offset: 0)
        // Without a sample table (and its sample descriptions) the fragments' samples could not
        // be described: refused rather than left out.
        guard trak.descendant(["mdia", "minf", "stbl"]) != nil else {
            throw BoxError(.missingBox("track \(track.id) has no sample table (mdia/minf/stbl) to describe its \(samples.count) samples"),
                           at: location)
        }
        let table = try SampleTableRuns(samples, trackID: track.id, at: location)
        let mediaTimescale = track.mediaHeader.timescale
        var mediaHeader = track.mediaHeader
        mediaHeader.timing.setDuration(table.mediaDuration)
        // Where the media `moov` describes ends (its `mdhd`), on the new tables' clock, and the
        // duration of its last sample, within which an edit is taken to end there.
        let declared = track.mediaHeader.duration
        let tableSamples = Int(clamping: track.tableSampleCount)
        let tableEnd = declared > table.startTime && tableSamples > 0 && tableSamples <= samples.count
            ? (end: declared - table.startTime, slack: UInt64(samples[tableSamples - 1].duration)) : nil
        let edits = try editList(track.editList, start: table.startTime, tableEnd: tableEnd, mediaDuration: table.mediaDuration,
                                 mediaTimescale: mediaTimescale, movieTimescale: movieTimescale)
        let duration = if let edits {
            edits.entries.reduce(UInt64(0)) { $0.saturatingAdd($1.segmentDuration) }
        } else {
            try NewTrackSamples.rescale(table.mediaDuration, from: mediaTimescale, to: movieTimescale)
        }
        var header = try TrackBoxEditor.header(of: trak, limits: limits)
        header.duration = duration
        if duration > UInt64(UInt32.max) { header.version = 1 }
        var rebuilt = trak
        rebuilt.modifyChild("tkhd") { $0.setPayload(header) }
        if let edits {
            if rebuilt.child("edts") == nil {
                let index = (rebuilt.children.firstIndex { $0.type == "tkhd" } ?? -1) + 1
                var children = rebuilt.children
                children.insert(Box(type: "edts", children: [edits.makeBox()]), at: index)
                rebuilt.setChildren(children)
            } else {
                rebuilt.modifyChild("edts") { $0.setChildren([edits.makeBox()]) }
            }
        }
        let tables = table.boxes
        rebuilt.modifyChild("mdia") { mdia in
            mdia.modifyChild("mdhd") { $0.setPayload(mediaHeader) }
            mdia.modifyChild("minf") { minf in
                minf.modifyChild("stbl") { stbl in
                    stbl.setChildren(stbl.children.filter { !replacedTables.contains($0.type) } + tables)
                }
            }
        }
        return (rebuilt, duration)
    }

    /// The track's edit list for tables whose first sample decodes at 0: as read, but with media
    /// times moved by the first fragment's decode time (`tfdt`, §8.8.12), which the tables start
    /// from, and a last edit that ends where the media `moov` knew of ended — of duration 0 (a
    /// writer that did not know the length yet), or ending within a sample of where `mdhd` said
    /// the media did, `tableEnd` — given the rest of the media, since movie fragments extend the
    /// presentation in time (§8.8.1). Without an edit list, media that starts after 0 gets an
    /// empty edit for the gap, so every sample plays when it did; otherwise nil (none needed).
    private static func editList(_ list: EditListBox?, start: UInt64, tableEnd: (end: UInt64, slack: UInt64)?, mediaDuration: UInt64,
                                 mediaTimescale: UInt32, movieTimescale: UInt32) throws(BoxError) -> EditListBox? {
        let rescale = { (value: UInt64) throws(BoxError) -> UInt64 in
            try NewTrackSamples.rescale(value, from: mediaTimescale, to: movieTimescale)
        }
        guard var list else {
            guard start > 0 else { return nil }
            return EditListBox(entries: [EditListBox.Entry(segmentDuration: try rescale(start), mediaTime: -1),
                                         EditListBox.Entry(segmentDuration: try rescale(mediaDuration), mediaTime: 0)])
        }
        let shift = Int64(clamping: start)
        for index in list.entries.indices where list.entries[index].mediaTime >= 0 {
            let mediaTime = max(list.entries[index].mediaTime - shift, 0)
            list.entries[index].mediaTime = mediaTime
            guard index == list.entries.count - 1 else { continue }
            let rest = mediaDuration - min(UInt64(mediaTime), mediaDuration)
            var endsWithTable = false
            if let tableEnd, tableEnd.end >= UInt64(mediaTime) {
                let end = try rescale(tableEnd.end - UInt64(mediaTime)), slack = try rescale(tableEnd.slack)
                let segment = list.entries[index].segmentDuration
                endsWithTable = segment.saturatingAdd(slack) >= end && segment <= end.saturatingAdd(slack)
            }
            if list.entries[index].segmentDuration == 0 || endsWithTable {
                list.entries[index].segmentDuration = try rescale(rest)
            }
        }
        return list
    }
}
