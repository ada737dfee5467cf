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
        /// The source bytes of each kept run its data offsets point at, in order.
        var runs: [Range<UInt64>] = []
        /// The bytes of the samples of its removed tracks' runs.
        var removedRuns: [Range<UInt64>] = []
        /// Its `traf`s, in order: the output number of each (nil for a removed track's).
        var trafNumbers = TrafNumbers()
    }

    /// The output number (from 1) of each `traf` of a source `moof`, nil for a removed track's:
    /// what `tfra` entries count (§8.8.10). Eight bytes however the fragment is made: up to 56
    /// `traf`s, a bit each; a `moof` with more is not numbered, and an index that counts its
    /// `traf`s is not rewritten.
    struct TrafNumbers {
        /// The number of `traf`s in the low byte (255: not numbered), a removed one's bit above.
        private var bits: UInt64 = 0

        mutating func append(removed: Bool) {
            let count = bits & 0xFF
            guard count < 56 else {
                bits = 0xFF
                return
            }
            if removed { bits |= 1 << (8 + count) }
            bits += 1
        }

        /// The output number of the `number`th `traf` (from 1), nil for a removed one or one
        /// the `moof` does not have.
        func output(of number: UInt32) -> UInt32? {
            let count = bits & 0xFF
            guard count != 0xFF, number >= 1, UInt64(number) <= count, bits & (1 << (7 + UInt64(number))) == 0 else { return nil }
            let removedBefore = (bits >> 8) & ((1 << (UInt64(number) - 1)) - 1)
            return number - UInt32(removedBefore.nonzeroBitCount)
        }
    }

    let moofs: FragmentBoxes
    /// The `trex` defaults by track ID.
    let defaults: [UInt32: TrackExtendsBox]
    let removed: Set<UInt32>
    /// Source offsets of boxes inside the fragments that the edit removes (a strip's user data).
    let removedBoxes: Set<UInt64>
    let newTracks: [FragmentedNewTrack]
    let limits: Limits

    /// `moof` `index` made with placeholder offsets.
    func survey(_ index: Int) throws(BoxError) -> Survey {
        var survey = Survey(size: 0)
        let made = try box(index, offsets: { target in
            if case let .run(start, length, _) = target { survey.runs.append(start..<start.saturatingAdd(length)) }
            return 0
        }, removedRun: { survey.removedRuns.append($0) }, traf: { survey.trafNumbers.append(removed: $0) })
        survey.size = made.totalSize
        return survey
    }

    /// `moof` `index` rewritten, `offsets` giving each `trun`'s data offset; `removedRun` is
    /// told the bytes of each run of a removed track, `traf` whether each source `traf` is
    /// removed.
    func box(_ index: Int, offsets: (FragmentOffsetTarget) throws(BoxError) -> Int32,
             removedRun: (Range<UInt64>) -> Void = { _ in }, traf: (_ removed: Bool) -> Void = { _ in }) throws(BoxError) -> Box {
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
            traf(removed.contains(header.trackID))
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

    /// The `mdat` of the added tracks' samples of fragment `index`, nil when it has none.
    func addedMedia(fragment index: Int) -> Box? {
        guard addedMediaSize(fragment: index) > 0 else { return nil }
        return Box(type: "mdat", payload: newTracks.flatMap { $0.fragments[index]?.bytes ?? [] })
    }

    /// The bytes of the added tracks' samples of fragment `index`.
    func addedMediaSize(fragment index: Int) -> UInt64 {
        newTracks.reduce(0) { $0 + UInt64($1.fragments[index]?.bytes.count ?? 0) }
    }
}
