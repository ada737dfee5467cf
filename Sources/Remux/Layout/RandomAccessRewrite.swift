import ISOBMFF

/// An `mfra` (ISO/IEC 14496-12 §8.8.9 MovieFragmentRandomAccessBox) with its `tfra`s (§8.8.10,
/// `TrackFragmentRandomAccessBox`) pointing at the output's `moof`s: each entry's `moof_offset`
/// moved to where its `moof` now starts and its `traf_number` counted again among the `traf`s
/// the `moof` keeps; the `tfra` of a removed track is left out. Times, run and sample numbers
/// stay, and so does each `tfra`'s version, so the `mfra` only shrinks by removed tracks' tables
/// and its `mfro` (§8.8.11) says so.
enum RandomAccessRewrite {
    /// `mfra` rewritten; `outputPosition` maps a source `moof`'s start to its output position,
    /// `trafNumber` a source `moof`'s start and a 1-based `traf` number to the number of that
    /// `traf` in the output (nil when it is removed). Nil when an entry points at neither; a new
    /// offset or number that does not fit its field widens the `tfra`, which the caller's size
    /// check refuses.
    static func rewritten(_ mfra: Box, removedTracks: Set<UInt32>, limits: Limits, outputPosition: (UInt64) -> UInt64?,
                          trafNumber: (UInt64, UInt32) -> UInt32?) throws(BoxError) -> Box? {
        var children: [Box] = []
        for child in mfra.children {
            switch child.type {
            case "tfra":
                var table = try TrackFragmentRandomAccessBox(child.loaded(limits: limits))
                if removedTracks.contains(table.trackID) { continue }
                for number in table.entries.indices {
                    let entry = table.entries[number]
                    guard let moof = outputPosition(entry.moofOffset), let traf = trafNumber(entry.moofOffset, entry.trafNumber) else {
                        return nil
                    }
                    table.entries[number].moofOffset = moof
                    table.entries[number].trafNumber = traf
                }
                children.append(table.makeBox())
            case "mfro":
                continue
            default:
                children.append(child)
            }
        }
        let size = children.reduce(UInt64(8)) { $0 + $1.totalSize } + 16
        guard let size32 = UInt32(exactly: size) else { return nil }
        return Box(type: "mfra", children: children + [MovieFragmentRandomAccessOffsetBox(size: size32).makeBox()])
    }
}
