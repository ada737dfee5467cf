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
    /// The samples of track `trackID` in `fragments` (`moof` boxes in file order), numbered from
    /// `firstIndex`, timed from `startTime` until a `tfdt` says otherwise.
    public static func samples(of trackID: UInt32, in fragments: [Box], defaults: TrackFragmentDefaults?,
                               firstIndex: Int = 0, startTime: UInt64 = 0, fileSize: UInt64, maxSamples: Int,
                               limits: Limits = .standard) throws(BoxError) -> [SampleTable.Sample] {
        var samples: [SampleTable.Sample] = []
        var time = startTime
        for moof in fragments {
            let moofStart = moof.location?.offset ?? 0
            var previousDataEnd: UInt64?
            for traf in moof.children("traf") {
                guard let tfhd = traf.child("tfhd") else {
                    throw BoxError(.invalidValue("traf has no tfhd"), at: location(of: traf))
                }
                let header = try TrackFragmentHeader(tfhd, limits: limits)
                let base = header.baseDataOffset
                    ?? (header.defaultBaseIsMoof || previousDataEnd == nil ? moofStart : previousDataEnd ?? moofStart)
                let isTrack = header.trackID == trackID
                if isTrack, let tfdt = traf.child("tfdt") { time = try decodeTime(tfdt, limits: limits) }
                var position = base
                for (runIndex, trunBox) in traf.children("trun").enumerated() {
                    let run = try TrackRun(trunBox, limits: limits)
                    if let offset = run.dataOffset {
                        let (moved, overflow) = Int64(clamping: base).addingReportingOverflow(Int64(offset))
                        guard !overflow, moved >= 0 else {
                            throw BoxError(.invalidValue("trun data offset \(offset) from \(base) is before the start of the file"),
                                           at: location(of: trunBox))
                        }
                        position = UInt64(moved)
                    } else if runIndex == 0 {
                        position = base
                    }
                    for index in 0..<run.count {
                        let entry = run.entry(index)
                        let size = entry.size ?? header.defaultSize ?? defaults?.size ?? 0
                        let duration = entry.duration ?? header.defaultDuration ?? defaults?.duration ?? 0
                        if isTrack {
                            guard samples.count < maxSamples else {
                                throw BoxError(.limitExceeded("track \(trackID) has more than \(maxSamples) samples in its fragments"),
                                               at: location(of: trunBox))
                            }
                            guard position <= fileSize, UInt64(size) <= fileSize - position else {
                                throw BoxError(.invalidValue("sample \(index + 1) of this run (\(size) bytes at \(position)) runs past the end of the file (\(fileSize) bytes)"),
                                               at: location(of: trunBox))
                            }
                            let flags = (index == 0 ? run.firstSampleFlags : nil) ?? entry.flags ?? header.defaultFlags ?? defaults?.flags ?? 0
                            samples.append(SampleTable.Sample(
                                index: firstIndex + samples.count, offset: position, size: size, decodeTime: time,
                                compositionOffset: Int32(clamping: entry.compositionOffset ?? 0), duration: duration,
                                isSync: !TrackFragmentDefaults.isNonSync(flags),
                                descriptionIndex: header.descriptionIndex ?? defaults?.descriptionIndex ?? 1))
                            time = time.saturatingAdd(UInt64(duration))
                        }
                        position = position.saturatingAdd(UInt64(size))
                    }
                }
                previousDataEnd = position
            }
        }
        return samples
    }

    /// `tfdt` (§8.8.12): version 0 a 32-bit, version 1 a 64-bit base media decode time.
    static func decodeTime(_ tfdt: Box, limits: Limits) throws(BoxError) -> UInt64 {
        var reader = try tfdt.loaded(limits: limits).payloadReader()
        let version = try reader.readVersionAndFlags().version
        return try reader.readUInt(wide: version == 1)
    }

    private static func location(of box: Box) -> BoxLocation {
        box.location ?? BoxLocation(path: box.type.description, offset: 0)
    }
}
