import ISOBMFF

/// The samples of a movie's tracks gathered one `moof` at a time (ISO/IEC 14496-12 §8.8): each
/// track's sample-table samples first, then those of the `trun`s of its `traf`s in file order
/// (``FragmentSampleIndex``), timed on from the table's last until a `tfdt` says otherwise.
///
/// ``Movie/samples(ofEach:maxSamples:making:)`` adds the fragments it parses again; the reader
/// adds each as its walk reaches it when asked (``Movie/read(_:limits:samplesUpTo:)``), so that
/// a rewrite parses the fragments once.
struct FragmentSampleCollector<Element> {
    /// The samples gathered so far, by track ID.
    private(set) var samples: [UInt32: [Element]] = [:]
    /// The decode time of the next sample of each track that takes fragments' samples.
    private var times: [UInt32: UInt64] = [:]
    /// The `trex` defaults, by track ID.
    private let defaults: [UInt32: TrackExtendsBox]
    private let fileSize: UInt64
    private let maxSamples: Int
    private let limits: Limits
    private let making: (SampleTable.Sample) -> Element

    /// A collector of at most `maxSamples` a track, each kept as `making` makes it, of samples
    /// that lie within the first `fileSize` bytes.
    init(defaults: [UInt32: TrackExtendsBox], fileSize: UInt64, maxSamples: Int, limits: Limits,
         making: @escaping (SampleTable.Sample) -> Element) {
        self.defaults = defaults
        self.fileSize = fileSize
        self.maxSamples = maxSamples
        self.limits = limits
        self.making = making
    }

    /// Whether some track takes the samples of fragments.
    var takesFragments: Bool { !times.isEmpty }

    /// Starts `track` with the samples of its sample table. With `fragmentSamples` (how many its
    /// fragments hold, when known: room is made for them), the track takes the samples of the
    /// fragments added after, continuing the table's timeline; without, it keeps its table's.
    mutating func start(_ track: Track, fragmentSamples: UInt64?) throws(BoxError) {
        guard let fragmentSamples else {
            samples[track.id] = try track.tableSamples(maxSamples: maxSamples).map(making)
            return
        }
        let table = track.tableSampleCount > 0 ? try track.tableSamples(maxSamples: maxSamples) : []
        times[track.id] = table.last.map { $0.decodeTime.saturatingAdd(UInt64($0.duration)) } ?? 0
        var kept = table.map(making)
        // So the list is not doubled as it grows.
        kept.reserveCapacity(table.count + Int(clamping: min(fragmentSamples, UInt64(maxSamples))))
        samples[track.id] = kept
    }

    /// Adds the samples of `moof`'s runs to their started tracks; runs of other tracks are
    /// passed over. `moof` is parsed when the walk left it unparsed (`Box.expanded(limits:)`).
    mutating func add(_ moof: Box) throws(BoxError) {
        for run in try FragmentSampleIndex.placedRuns(in: moof, defaults: defaults, limits: limits) {
            let trackID = run.header.trackID
            guard var time = times[trackID] else { continue }
            try FragmentSampleIndex.appendSamples(of: run, defaults: defaults[trackID], time: &time, fileSize: fileSize,
                                                  maxSamples: maxSamples, limits: limits, to: &samples[trackID, default: []],
                                                  making: making)
            times[trackID] = time
        }
    }
}
