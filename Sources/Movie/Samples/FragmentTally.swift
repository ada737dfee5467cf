import ISOBMFF

/// The fragments of a file added up one `moof` at a time, as the reader reaches them
/// (`BoxTreeParser.parse(_:limits:reaching:)`), so a movie of any number of fragments is
/// summed in the pass that reads it and holds a few numbers a track: samples, explicit
/// durations, the samples whose duration is the `trex` default (known once `moov` is), and
/// the first `tfhd` naming each track ID.
public struct FragmentTally: Sendable {
    struct TrackTotal: Sendable {
        var samples: UInt64 = 0
        var duration: UInt64 = 0
        /// Samples of runs without durations in a `traf` whose `tfhd` sets no default: theirs
        /// is `trex`'s (ISO/IEC 14496-12 §8.8.7.1).
        var samplesAtTrackDefault: UInt64 = 0
    }

    var totals: [UInt32: TrackTotal] = [:]
    /// Each track ID the fragments name and where it is first named, in the order met.
    var firstHeaders: [(trackID: UInt32, location: BoxLocation?)] = []
    /// How many `moof`s were added.
    public private(set) var fragmentCount = 0
    /// The offsets of the `moof`s that hold more than their structure (``holdsOtherBoxes(_:)``).
    var fragmentsWithOtherBoxes: [UInt64] = []
    /// The first problem met while adding (a `tfhd` or `trun` that does not decode); what
    /// follows it is not added, and ``summary(movieExtends:limits:)`` throws it.
    public private(set) var problem: BoxError?

    /// An empty tally.
    public init() {}

    /// Adds the fragments of `fragments`, each parsed as it is reached.
    public init(fragments: some Sequence<Box>, limits: Limits = .standard) throws(BoxError) {
        for fragment in fragments {
            add(try fragment.expanded(limits: limits), limits: limits)
            if let problem { throw problem }
        }
    }

    /// Adds one `moof` with its boxes; a problem is kept, not thrown, so a reader's walk can go on.
    public mutating func add(_ moof: Box, limits: Limits = .standard) {
        guard problem == nil else { return }
        fragmentCount += 1
        if Self.holdsOtherBoxes(moof), let offset = moof.location?.offset { fragmentsWithOtherBoxes.append(offset) }
        do throws(BoxError) {
            for traf in moof.children("traf") {
                guard let tfhd = traf.child("tfhd") else { continue }
                let header = try TrackFragmentHeaderBox(tfhd.loaded(limits: limits))
                var total = totals[header.trackID] ?? {
                    firstHeaders.append((header.trackID, tfhd.location))
                    return TrackTotal()
                }()
                for trun in traf.children("trun") {
                    let run = try TrackRunBox(trun.loaded(limits: limits))
                    total.samples = total.samples.saturatingAdd(UInt64(run.count))
                    if run.entryFields.contains(.sampleDurationPresent) {
                        for index in 0..<run.count { total.duration = total.duration.saturatingAdd(UInt64(run.entry(index).duration ?? 0)) }
                    } else if let duration = header.defaultDuration {
                        total.duration = total.duration.saturatingAdd(UInt64(run.count).saturatingMultiply(UInt64(duration)))
                    } else {
                        total.samplesAtTrackDefault = total.samplesAtTrackDefault.saturatingAdd(UInt64(run.count))
                    }
                }
                totals[header.trackID] = total
            }
        } catch {
            problem = error
        }
    }

    /// Whether `moof` holds, at any depth, a box that no registry row names a part players need
    /// where it is (``BoxRole``: free space, unknown boxes, boxes out of place) or user data or
    /// metadata (`udta`, `meta`). A fragment that holds none is all structure, so a review of
    /// what a file holds need not read it again (most fragments are).
    static func holdsOtherBoxes(_ moof: Box) -> Bool {
        let registry = BoxRegistry.isobmff
        func holdsOther(_ container: Box, context: BoxContext) -> Bool {
            container.children.contains { child in
                child.type == "udta" || child.type == "meta" || registry.role(of: child.type, in: context) == nil
                    || child.isContainer && holdsOther(child, context: context.inside(child))
            }
        }
        return holdsOther(moof, context: BoxContext().inside(moof))
    }

    /// The summary, with the `trex` defaults of `movieExtends`; throws the problem met while adding.
    public func summary(movieExtends: Box?, limits: Limits = .standard) throws(BoxError) -> FragmentSummary {
        if let problem { throw problem }
        let defaults = try TrackExtendsBox.all(in: movieExtends, limits: limits)
        var tracks: [UInt32: (samples: UInt64, duration: UInt64)] = [:]
        for (trackID, total) in totals {
            let atDefault = total.samplesAtTrackDefault.saturatingMultiply(UInt64(defaults[trackID]?.duration ?? 0))
            tracks[trackID] = (total.samples, total.duration.saturatingAdd(atDefault))
        }
        var summary = FragmentSummary(tracks: tracks, fragmentCount: fragmentCount, defaults: defaults)
        summary.fragmentsWithOtherBoxes = fragmentsWithOtherBoxes
        return summary
    }

    /// For each track ID the fragments name and no track of `known` has, the first `tfhd` naming
    /// it, as a problem that says which box describes the tracks (`describer`: `moov`, or an
    /// initialization segment) and lists them: such a fragment's samples belong to no track.
    func undescribedTracks(known: Set<UInt32>, describer: String) -> [BoxError] {
        let tracks = known.isEmpty ? "none" : known.sorted().map(String.init).joined(separator: ", ")
        return firstHeaders.filter { !known.contains($0.trackID) }.map { header in
            BoxError(.undescribedTrack("track ID \(header.trackID) is not described by \(describer) (its tracks: \(tracks))"),
                     at: header.location)
        }
    }
}
