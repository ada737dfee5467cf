import ISOBMFF
import Movie

/// What a data offset in a rewritten `moof` points at: the samples of a source run (where the
/// file has them, and the `trun` that says so), or bytes of the `mdat` of added tracks' samples
/// that follows the fragment.
enum FragmentOffsetTarget {
    case run(start: UInt64, length: UInt64, trun: BoxLocation?)
    case added(UInt64)
}

/// The source `moof`s rewritten for an edit that keeps a movie fragmented: removed tracks'
/// `traf`s out, every kept `traf` counting its data from the `moof`'s start
/// (`default-base-is-moof`, ISO/IEC 14496-12 §8.8.7.1) with an explicit data offset in each
/// `trun` (§8.8.8), the added tracks' `traf`s last.
///
/// A rewritten `moof` is made twice: once when the layout is planned (``survey(_:)``: its size,
/// which no offset changes, and what its offsets point at), once as it is written with its
/// offsets. Held whole, ten thousand of them would cost more memory than the rest of the edit.
struct FragmentRewrite {
    /// What planning needs of one rewritten `moof`.
    struct Survey {
        /// Its size as written.
        var size: UInt64
        /// What each of its data offsets points at, in order.
        var targets: [FragmentOffsetTarget]
        /// The bytes of the samples of its removed tracks' runs.
        var removedRuns: [Range<UInt64>]
    }

    let moofs: [Box]
    /// The `trex` defaults by track ID.
    let defaults: [UInt32: TrackExtendsBox]
    let removed: Set<UInt32>
    /// Source offsets of boxes inside the fragments that the edit removes (a strip's user data).
    let removedBoxes: Set<UInt64>
    let newTracks: [FragmentedNewTrack]
    let limits: Limits

    /// `moof` `index` made with placeholder offsets.
    func survey(_ index: Int) throws(BoxError) -> Survey {
        var targets: [FragmentOffsetTarget] = []
        var removedRuns: [Range<UInt64>] = []
        let made = try box(index, offsets: { target in
            targets.append(target)
            return 0
        }, removedRun: { removedRuns.append($0) })
        return Survey(size: made.totalSize, targets: targets, removedRuns: removedRuns)
    }

    /// `moof` `index` rewritten, `offsets` giving each `trun`'s data offset; `removedRun` is
    /// told the bytes of each run of a removed track.
    func box(_ index: Int, offsets: (FragmentOffsetTarget) throws(BoxError) -> Int32,
             removedRun: (Range<UInt64>) -> Void = { _ in }) throws(BoxError) -> Box {
        let source = try moofs[index].expanded(limits: limits)
        let moof = source.pruning(offsets: removedBoxes)
        var remaining = try FragmentSampleIndex.placedRuns(in: source, defaults: defaults, limits: limits)[...]
        var children: [Box] = []
        for child in moof.children {
            guard child.type == "traf" else {
                children.append(child)
                continue
            }
            let trafRuns = remaining.prefix(child.children("trun").count)
            remaining = remaining.dropFirst(trafRuns.count)
            guard let tfhd = child.child("tfhd") else { throw BoxError(.missingBox("traf has no tfhd"), at: child.location) }
            var header = try TrackFragmentHeaderBox(tfhd.loaded(limits: limits))
            if removed.contains(header.trackID) {
                for run in trafRuns { removedRun(run.dataStart..<run.dataStart.saturatingAdd(run.dataLength)) }
                continue
            }
            if let auxiliary = child.child("saio") {
                throw BoxError(.unsupported("sample auxiliary information offsets (saio, encryption data) cannot be moved; a movie with them cannot be kept fragmented"),
                               at: auxiliary.location)
            }
            header.baseDataOffset = nil
            header.defaultBaseIsMoof = true
            var placed = trafRuns.makeIterator()
            var traf = child
            var trafChildren: [Box] = []
            for box in child.children {
                switch box.type {
                case "tfhd": trafChildren.append(header.makeBox())
                case "trun":
                    guard let run = placed.next() else { throw BoxError(.inconsistentSampleTable("trun not read"), at: box.location) }
                    var rewritten = run.run
                    rewritten.dataOffset = try offsets(.run(start: run.dataStart, length: run.dataLength, trun: run.box.location))
                    trafChildren.append(rewritten.makeBox())
                default: trafChildren.append(box)
                }
            }
            traf.setChildren(trafChildren)
            children.append(traf)
        }
        var addedOffset: UInt64 = 0
        for track in newTracks {
            guard let fragment = track.fragments[index] else { continue }
            children.append(track.trackFragment(fragment, dataOffset: try offsets(.added(addedOffset))))
            addedOffset += UInt64(fragment.bytes.count)
        }
        return Box(type: "moof", children: children)
    }

    /// For each source `moof`, by its offset, the output number (1-based) of each of its `traf`s,
    /// nil for a removed track's: what `tfra` entries count (§8.8.10).
    func trafNumbers() throws(BoxError) -> [UInt64: [UInt32?]] {
        var numbers: [UInt64: [UInt32?]] = [:]
        for fragment in moofs {
            guard let offset = fragment.location?.offset else { continue }
            var kept: UInt32 = 0
            numbers[offset] = try fragment.expanded(limits: limits).children("traf").map { traf in
                let trackID = traf.child("tfhd").flatMap { try? TrackFragmentHeaderBox($0.loaded(limits: limits)).trackID }
                if let trackID, removed.contains(trackID) { return nil }
                kept += 1
                return kept
            }
        }
        return numbers
    }

    /// The `mdat` of the added tracks' samples of fragment `index`, nil when it has none.
    func addedMedia(fragment index: Int) -> Box? {
        let bytes = newTracks.flatMap { $0.fragments[index]?.bytes ?? [] }
        return bytes.isEmpty ? nil : Box(type: "mdat", payload: bytes)
    }
}
