import ISOBMFF

/// Sample counts and durations of a fragmented file's tracks, added up from the `trun`s of its
/// `moof`s with the defaults of `tfhd` and `mvex/trex`. ISO/IEC 14496-12 §8.8.
public struct FragmentSummary: Sendable, Equatable {
    /// Per track ID: samples and total duration in media timescale units.
    public var tracks: [UInt32: (samples: UInt64, duration: UInt64)]
    /// How many `moof` boxes the file holds.
    public var fragmentCount: Int

    public static func == (lhs: FragmentSummary, rhs: FragmentSummary) -> Bool {
        lhs.fragmentCount == rhs.fragmentCount && lhs.tracks.count == rhs.tracks.count
            && lhs.tracks.allSatisfy { rhs.tracks[$0.key]?.samples == $0.value.samples && rhs.tracks[$0.key]?.duration == $0.value.duration }
    }

    /// Adds up the `moof`s; `trun`s left in the file by the parser are read from `source`.
    public init(fragments: [Box], movieExtends: Box?, limits: Limits = .standard) throws(BoxError) {
        var defaults: [UInt32: UInt32] = [:]
        for trex in movieExtends?.children("trex") ?? [] {
            var reader = try trex.loaded(limits: limits).payloadReader()
            try reader.skip(4)
            let trackID = try reader.readUInt32()
            try reader.skip(4)
            defaults[trackID] = try reader.readUInt32()
        }
        tracks = [:]
        fragmentCount = fragments.count
        for moof in fragments {
            for traf in moof.children("traf") {
                guard let tfhd = traf.child("tfhd") else { continue }
                var header = try tfhd.loaded(limits: limits).payloadReader()
                let flags = try header.readVersionAndFlags().flags
                let trackID = try header.readUInt32()
                if flags & 0x1 != 0 { try header.skip(8) }
                if flags & 0x2 != 0 { try header.skip(4) }
                let defaultDuration = flags & 0x8 != 0 ? try header.readUInt32() : defaults[trackID] ?? 0
                var total = tracks[trackID] ?? (0, 0)
                for trun in traf.children("trun") {
                    var reader = try trun.loaded(limits: limits).payloadReader()
                    let runFlags = try reader.readVersionAndFlags().flags
                    let rawCount = try reader.readUInt32()
                    if runFlags & 0x1 != 0 { try reader.skip(4) }
                    if runFlags & 0x4 != 0 { try reader.skip(4) }
                    let perSample = [0x100, 0x200, 0x400, 0x800].filter { runFlags & UInt32($0) != 0 }.count * 4
                    let count = try reader.checkedCount(rawCount, entrySize: perSample, what: "trun sample count")
                    total.samples = total.samples.saturatingAdd(UInt64(count))
                    if runFlags & 0x100 != 0 {
                        for _ in 0..<count {
                            total.duration = total.duration.saturatingAdd(UInt64(try reader.readUInt32()))
                            try reader.skip(perSample - 4)
                        }
                    } else {
                        total.duration = total.duration.saturatingAdd(UInt64(count).saturatingMultiply(UInt64(defaultDuration)))
                    }
                }
                tracks[trackID] = total
            }
        }
    }
}
