import ISOBMFF

/// The sample groups (ISO/IEC 14496-12 §8.9) of a track of a fragmented movie, as the `sgpd`
/// and `sbgp` boxes of its regular copy's `stbl`: the track's own descriptions (its `stbl`'s
/// `sgpd`) first, each track fragment's after them, an entry met again taking the index it
/// already has; each track fragment's runs (its `sbgp`) after the table's, their indices
/// renumbered — §8.9.4: 1 to 0x10000 name the track's descriptions, 0x10001 and above the
/// fragment's own — and samples a box does not map in no group (index 0).
struct FragmentSampleGroups {
    /// The descriptions of each grouping type, in the order first met.
    private var descriptions: [SampleGroupDescriptions] = []
    /// The runs of each grouping type and parameter, in the order first met.
    private var mappings: [SampleToGroupRuns] = []
    /// The samples described so far: the table's, then those of each fragment added.
    private var sampleCount: UInt64

    /// The groups of a track whose `stbl` holds `tables` and `tableSampleCount` samples.
    init(tables: [Box], tableSampleCount: UInt64) throws(BoxError) {
        sampleCount = tableSampleCount
        for box in tables where box.type == "sgpd" { descriptions.append(try SampleGroupDescriptions(box)) }
        for box in tables where box.type == "sbgp" {
            var runs = try SampleToGroupRuns(box)
            runs.runs = Self.clipped(runs.runs, to: tableSampleCount)
            mappings.append(runs)
        }
    }

    /// Adds the groups of `traf`, a track fragment of `samples` samples; throws naming the box
    /// whose index names no description or whose runs cover more samples than the fragment has.
    mutating func add(_ traf: Box, samples: UInt64) throws(BoxError) {
        var local: [FourCC: [UInt32]] = [:]
        for box in traf.children("sgpd") {
            let own = try SampleGroupDescriptions(box)
            guard own.defaultIndex == 0 else {
                throw BoxError(.unsupported("a track fragment's default sample group description ('\(own.groupingType)')"), at: box.location)
            }
            local[own.groupingType] = own.entries.map { merge(own.groupingType, entry: $0) }
        }
        for box in traf.children("sbgp") {
            let own = try SampleToGroupRuns(box)
            guard own.sampleCount <= samples else {
                throw BoxError(.inconsistentSampleTable("'\(own.groupingType)' groups \(own.sampleCount) samples of a track fragment of \(samples)"), at: box.location)
            }
            let position = index(groupingType: own.groupingType, parameter: own.parameter)
            pad(&mappings[position], to: sampleCount)
            for run in own.runs {
                let index: UInt32
                switch run.index {
                case 0...0x10000: index = run.index
                default:
                    let entries = local[own.groupingType] ?? []
                    guard Int(run.index - 0x10000) <= entries.count else {
                        throw BoxError(.inconsistentSampleTable("'\(own.groupingType)' group description \(run.index - 0x10000) of the track fragment, which has \(entries.count)"), at: box.location)
                    }
                    index = entries[Int(run.index - 0x10001)]
                }
                mappings[position].append(count: run.count, index: index)
            }
        }
        sampleCount = sampleCount.saturatingAdd(samples)
    }

    /// The `sgpd` and `sbgp` boxes, each grouping type's description before its runs.
    var boxes: [Box] {
        descriptions.map { $0.makeBox() } + mappings.map { $0.makeBox() }
    }

    /// The index of `entry` among the descriptions of `groupingType`, added when new.
    private mutating func merge(_ groupingType: FourCC, entry: [UInt8]) -> UInt32 {
        let position = descriptions.firstIndex { $0.groupingType == groupingType } ?? {
            descriptions.append(SampleGroupDescriptions(groupingType: groupingType, defaultIndex: 0, entries: []))
            return descriptions.count - 1
        }()
        if let known = descriptions[position].entries.firstIndex(of: entry) { return UInt32(known + 1) }
        descriptions[position].entries.append(entry)
        return UInt32(descriptions[position].entries.count)
    }

    /// The position of the runs of `groupingType` and `parameter`, added when new.
    private mutating func index(groupingType: FourCC, parameter: UInt32?) -> Int {
        if let known = mappings.firstIndex(where: { $0.groupingType == groupingType && $0.parameter == parameter }) { return known }
        mappings.append(SampleToGroupRuns(groupingType: groupingType, parameter: parameter))
        return mappings.count - 1
    }

    /// `mapping` with the samples up to `count` it does not cover in no group.
    private func pad(_ mapping: inout SampleToGroupRuns, to count: UInt64) {
        var missing = count - min(mapping.sampleCount, count)
        while missing > 0 {
            let run = UInt32(clamping: missing)
            mapping.append(count: run, index: 0)
            missing -= UInt64(run)
        }
    }

    /// `runs` cut to cover at most `count` samples: a table's runs past its samples would map
    /// the first fragment's.
    private static func clipped(_ runs: [SampleToGroupRuns.Run], to count: UInt64) -> [SampleToGroupRuns.Run] {
        var left = count
        return runs.compactMap { run in
            guard left > 0 else { return nil }
            let kept = UInt32(min(UInt64(run.count), left))
            left -= UInt64(kept)
            return SampleToGroupRuns.Run(count: kept, index: run.index)
        }
    }
}
