import ISOBMFF

/// Sample counts and durations of a fragmented file's tracks, added up from the `trun`s of its
/// `moof`s with the defaults of `tfhd` and `mvex/trex` (ISO/IEC 14496-12 §8.8): what `info`
/// shows, from the fragments' headers alone (no sample is read, no offset followed).
public struct FragmentSummary: Sendable, Equatable {
    /// Per track ID: samples and total duration in media timescale units.
    public var tracks: [UInt32: (samples: UInt64, duration: UInt64)]
    /// How many `moof` boxes the file holds.
    public var fragmentCount: Int
    /// The `trex` defaults, by track ID.
    public var defaults: [UInt32: TrackExtendsBox]

    public static func == (lhs: FragmentSummary, rhs: FragmentSummary) -> Bool {
        lhs.fragmentCount == rhs.fragmentCount && lhs.tracks.count == rhs.tracks.count && lhs.defaults == rhs.defaults
            && lhs.tracks.allSatisfy { rhs.tracks[$0.key]?.samples == $0.value.samples && rhs.tracks[$0.key]?.duration == $0.value.duration }
    }

    /// Adds up the `moof`s; `trun`s left in the file by the parser are read from the file.
    public init(fragments: [Box], movieExtends: Box?, limits: Limits = .standard) throws(BoxError) {
        defaults = try TrackExtendsBox.all(in: movieExtends, limits: limits)
        tracks = [:]
        fragmentCount = fragments.count
        for fragment in fragments {
            let moof = try fragment.expanded(limits: limits)
            for traf in moof.children("traf") {
                guard let tfhd = traf.child("tfhd") else { continue }
                let header = try TrackFragmentHeaderBox(tfhd.loaded(limits: limits))
                let defaultDuration = header.defaultDuration ?? defaults[header.trackID]?.duration ?? 0
                var total = tracks[header.trackID] ?? (0, 0)
                for trun in traf.children("trun") {
                    let run = try TrackRunBox(trun.loaded(limits: limits))
                    total.samples = total.samples.saturatingAdd(UInt64(run.count))
                    if run.entryFields.contains(.sampleDurationPresent) {
                        for index in 0..<run.count { total.duration = total.duration.saturatingAdd(UInt64(run.entry(index).duration ?? 0)) }
                    } else {
                        total.duration = total.duration.saturatingAdd(UInt64(run.count).saturatingMultiply(UInt64(defaultDuration)))
                    }
                }
                tracks[header.trackID] = total
            }
        }
    }
}
