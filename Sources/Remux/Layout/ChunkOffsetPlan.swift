import ISOBMFF
import Movie

/// The chunk offsets of every track of the output, in the table form (`stco` or `co64`) chosen
/// before the layout is fixed: a table's size depends on its form, the `moov` size on the
/// tables, and the offsets on the `moov` size, so the form is settled first and only then are
/// values written (a track moves to `co64` only when one of its offsets passes 4 GiB).
struct ChunkOffsetPlan {
    /// Chunks of the copied tracks, as in the source.
    let sourceChunks: SourceChunks
    /// Tracks whose offsets need `co64`.
    private(set) var largeTracks: Set<UInt32> = []

    init(sourceChunks: SourceChunks) {
        self.sourceChunks = sourceChunks
    }

    /// Offsets of a copied track after relocation; throws when a chunk lies outside the media
    /// the output copies.
    func relocatedOffsets(of trackID: UInt32, by relocation: MediaRelocation, trak: Box) throws(BoxError) -> [UInt64] {
        let chunks = sourceChunks.chunks(of: trackID)
        var offsets: [UInt64] = []
        offsets.reserveCapacity(chunks.count)
        for (index, chunk) in chunks.enumerated() {
            guard let offset = relocation.relocated(chunk.offset, length: chunk.length) else {
                throw BoxError(.samplesOutsideFile("track \(trackID) chunk \(index + 1) (\(chunk.length) bytes at 0x\(String(chunk.offset, radix: 16))) is not inside a box of the file"),
                               at: trak.location ?? BoxLocation(path: "trak", offset: 0))
            }
            offsets.append(offset)
        }
        return offsets
    }

    /// Chunks of a track: as in the source for a copied track, one for an added track (its
    /// samples are written as one chunk).
    func chunkCount(of trackID: UInt32) -> Int { sourceChunks.hasTable(trackID) ? sourceChunks.chunks(of: trackID).count : 1 }

    /// Marks tracks whose offsets no longer fit 32 bits; returns whether any changed form.
    mutating func widen(_ trackID: UInt32, offsets: [UInt64]) -> Bool {
        guard !largeTracks.contains(trackID), let largest = offsets.max(), ChunkOffsetBox.needsLargeOffsets(largest) else { return false }
        largeTracks.insert(trackID)
        return true
    }

    /// `moov` with the chunk offsets of each `trak` (of track `trackOrder[i]`) from `values`,
    /// zeros of the right count when it returns nil, to size the box (an added track has one
    /// chunk). `offsets` is taken as it is when called, so `values` may widen a copy of it.
    static func movieBox(_ moov: Box, trackOrder: [UInt32], offsets: ChunkOffsetPlan, values: (Box, UInt32) -> [UInt64]?) -> Box {
        var moov = moov
        var order = trackOrder.makeIterator()
        moov.setChildren(moov.children.map { child in
            guard child.type == "trak", let trackID = order.next() else { return child }
            let count = offsets.chunkCount(of: trackID)
            return offsets.trak(child, trackID: trackID, offsets: values(child, trackID) ?? [UInt64](repeating: 0, count: count))
        })
        return moov
    }

    /// The `trak` with its chunk offset table replaced.
    func trak(_ trak: Box, trackID: UInt32, offsets: [UInt64]) -> Box {
        Self.trak(trak, replacingChunkOffsetsWith: ChunkOffsetBox(offsets: offsets, large: largeTracks.contains(trackID)))
    }

    /// The `trak` with `table` in place of its `stco`/`co64`.
    static func trak(_ trak: Box, replacingChunkOffsetsWith offsets: ChunkOffsetBox) -> Box {
        var trak = trak
        let table = offsets.makeBox()
        trak.modifyChild("mdia") { mdia in
            mdia.modifyChild("minf") { minf in
                minf.modifyChild("stbl") { stbl in
                    stbl.setChildren(stbl.children.map { $0.type == "stco" || $0.type == "co64" ? table : $0 })
                }
            }
        }
        return trak
    }
}

extension ChunkOffsetPlan {
    /// The fixpoint of chunk offsets every layout finds: `moov` is sized with each table in its
    /// present form (with `sizedValues` where a track's values are known before the layout, an
    /// added fragmented track's none), the output is laid out from that size (`layout`), and each
    /// table then gets its values (`values`); when one passes 4 GiB its track moves to `co64`,
    /// which changes `moov`'s size, and the output is laid out again. Returns the final `moov`
    /// and the layout it was placed in.
    mutating func settle<Layout>(_ moov: Box, trackOrder: [UInt32], sizedValues: (UInt32) -> [UInt64]? = { _ in nil },
                                 layout: (Box) throws(BoxError) -> Layout,
                                 values: (Layout, Box, UInt32) throws(BoxError) -> [UInt64]) throws(BoxError) -> (movieBox: Box, layout: Layout) {
        while true {
            let sized = Self.movieBox(moov, trackOrder: trackOrder, offsets: self) { _, trackID in sizedValues(trackID) }
            let placed = try layout(sized)
            var widened = false
            var failure: BoxError?
            var plan = self
            let final = Self.movieBox(moov, trackOrder: trackOrder, offsets: self) { trak, trackID in
                do throws(BoxError) {
                    let computed = try values(placed, trak, trackID)
                    if plan.widen(trackID, offsets: computed) { widened = true }
                    return computed
                } catch {
                    failure = error
                    return nil
                }
            }
            if let failure { throw failure }
            self = plan
            if !widened { return (final, placed) }
        }
    }
}
