import ISOBMFF

/// Where each sample of one track is in a fragmented file's movie fragments, and when it plays:
/// the `trun`s of the track's `traf`s in every `moof`, with the `tfhd` and `trex` defaults
/// (ISO/IEC 14496-12 §8.8).
///
/// Data offsets follow §8.8.7.1: from `base_data_offset` when the `tfhd` has one; else from the
/// start of the `moof` when `default-base-is-moof` is set, or for the first `traf` of the `moof`;
/// else from the end of the previous `traf`'s data. A `trun` without a data offset continues
/// where the previous one ended. Decode times start at each `tfdt`, or continue from the previous
/// fragment. Every sample must lie inside the file, and there may be at most `maxSamples`.
public enum FragmentSampleIndex {
    /// One `trun` of a `moof` and where the data of its samples starts in the file.
    public struct PlacedRun: Sendable {
        /// The `traf` the run is in, and its decoded `tfhd`.
        public var trackFragment: Box
        public var header: TrackFragmentHeaderBox
        /// The `trun` box and its decoded form.
        public var box: Box
        public var run: TrackRunBox
        /// The run's place among the `traf`'s runs, from 0.
        public var runIndex: Int
        /// File offset of the run's first sample.
        public var dataStart: UInt64
        /// The size of a sample the run gives none: the `tfhd` default, else the `trex` one.
        public var defaultSize: UInt32

        /// The size of sample `index` (0-based, below the run's count).
        public func size(_ index: Int) -> UInt32 { run.entry(index).size ?? defaultSize }

        /// The bytes of the run's samples, back to back: added up from the entries when they
        /// give sizes (as many as the box holds), else the count times the default size.
        public var dataLength: UInt64 {
            guard run.entryFields.contains(.sampleSizePresent) else { return UInt64(run.count).saturatingMultiply(UInt64(defaultSize)) }
            return (0..<run.count).reduce(UInt64(0)) { $0.saturatingAdd(UInt64(size($1))) }
        }
    }

    /// The runs of every `traf` of `moof`, in order, each placed in the file (§8.8.7.1);
    /// `defaults` are the `trex` defaults by track ID. A `traf` with no `trun` has none.
    public static func placedRuns(in fragment: Box, defaults: [UInt32: TrackExtendsBox],
                                  limits: Limits = .standard) throws(BoxError) -> [PlacedRun] {
        let moof = try fragment.expanded(limits: limits)
        let moofStart = moof.location?.offset ?? 0
        var previousDataEnd: UInt64?
        var placed: [PlacedRun] = []
        for traf in moof.children("traf") {
            guard let tfhd = traf.child("tfhd") else {
                throw BoxError(.missingBox("traf has no tfhd"), at: location(of: traf))
            }
            let header = try TrackFragmentHeaderBox(tfhd.loaded(limits: limits))
            let base = header.baseDataOffset
                ?? (header.defaultBaseIsMoof || previousDataEnd == nil ? moofStart : previousDataEnd ?? moofStart)
            let defaultSize = header.defaultSize ?? defaults[header.trackID]?.size ?? 0
            var position = base
            for (runIndex, trunBox) in traf.children("trun").enumerated() {
                let run = try TrackRunBox(trunBox.loaded(limits: limits))
                if let offset = run.dataOffset {
                    let (moved, overflow) = Int64(clamping: base).addingReportingOverflow(Int64(offset))
                    guard !overflow, moved >= 0 else {
                        throw BoxError(.samplesOutsideFile("trun data offset \(offset) from \(base) is before the start of the file"),
                                       at: location(of: trunBox))
                    }
                    position = UInt64(moved)
                } else if runIndex == 0 {
                    position = base
                }
                let entry = PlacedRun(trackFragment: traf, header: header, box: trunBox, run: run, runIndex: runIndex, dataStart: position,
                                      defaultSize: defaultSize)
                position = position.saturatingAdd(entry.dataLength)
                placed.append(entry)
            }
            previousDataEnd = position
        }
        return placed
    }

    /// The samples of track `trackID` in `fragments` (`moof` boxes in file order), numbered from
    /// `firstIndex`, timed from `startTime` until a `tfdt` says otherwise; `defaults` are the
    /// `trex` defaults by track ID.
    public static func samples(of trackID: UInt32, in fragments: [Box], defaults: [UInt32: TrackExtendsBox],
                               firstIndex: Int = 0, startTime: UInt64 = 0, fileSize: UInt64, maxSamples: Int,
                               limits: Limits = .standard) throws(BoxError) -> [SampleTable.Sample] {
        var samples: [SampleTable.Sample] = []
        var time = startTime
        for moof in fragments {
            for placed in try placedRuns(in: moof, defaults: defaults, limits: limits) where placed.header.trackID == trackID {
                try appendSamples(of: placed, defaults: defaults[trackID], firstIndex: firstIndex, time: &time,
                                  fileSize: fileSize, maxSamples: maxSamples, limits: limits, to: &samples) { $0 }
            }
        }
        return samples
    }

    /// Appends the samples of one run to `samples`, each numbered `firstIndex` plus its place in
    /// them, at most `maxSamples` in all; `time` is the decode time of the next sample (the
    /// run's `tfdt`, when it is its `traf`'s first, says otherwise), moved past the run's.
    /// `defaults` are the track's `trex` defaults. Each sample is appended as `making` makes it
    /// of the sample read: a caller that needs less of each keeps less.
    public static func appendSamples<Element>(of placed: PlacedRun, defaults: TrackExtendsBox?, firstIndex: Int = 0,
                                              time: inout UInt64, fileSize: UInt64, maxSamples: Int, limits: Limits,
                                              to samples: inout [Element],
                                              making: (SampleTable.Sample) -> Element) throws(BoxError) {
        let header = placed.header, run = placed.run
        if placed.runIndex == 0, let tfdt = placed.trackFragment.child("tfdt") {
            time = try TrackFragmentBaseMediaDecodeTimeBox(tfdt.loaded(limits: limits)).baseMediaDecodeTime
        }
        var position = placed.dataStart
        for index in 0..<run.count {
            let entry = run.entry(index)
            let size = entry.size ?? placed.defaultSize
            let duration = entry.duration ?? header.defaultDuration ?? defaults?.duration ?? 0
            guard samples.count < maxSamples else {
                throw BoxError(.limitExceeded("track \(header.trackID) has more than \(maxSamples) samples"),
                               at: location(of: placed.box))
            }
            guard position <= fileSize, UInt64(size) <= fileSize - position else {
                throw BoxError(.samplesOutsideFile("sample \(index + 1) of this run (\(size) bytes at \(position)) runs past the end of the file (\(fileSize) bytes)"),
                               at: location(of: placed.box))
            }
            let flags = (index == 0 ? run.firstSampleFlags : nil) ?? entry.flags ?? header.defaultFlags ?? defaults?.sampleFlags ?? 0
            samples.append(making(SampleTable.Sample(
                index: firstIndex + samples.count, offset: position, size: size, decodeTime: time,
                compositionOffset: Int32(clamping: entry.compositionOffset ?? 0), duration: duration,
                isSync: !TrackExtendsBox.isNonSync(flags),
                descriptionIndex: header.descriptionIndex ?? defaults?.descriptionIndex ?? 1)))
            time = time.saturatingAdd(UInt64(duration))
            position = position.saturatingAdd(UInt64(size))
        }
    }

    private static func location(of box: Box) -> BoxLocation {
        box.location ?? BoxLocation(path: box.type.description, offset: 0)
    }
}
