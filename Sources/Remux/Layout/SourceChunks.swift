import ISOBMFF
import Movie

/// The chunks of the source's tracks as their sample tables place them, decoded once per edit:
/// the offsets a layout relocates (``ChunkOffsetPlan``), the bytes kept and removed tracks use
/// (``MediaUse``) and the check that every kept chunk is in the file all read this one copy, as
/// a table of a million samples costs tens of milliseconds to decode.
struct SourceChunks {
    /// By track ID, the chunks of each track with a chunk offset table (`stco`/`co64`); a track
    /// without one (fragments alone) has none to relocate.
    private let chunks: [UInt32: [ChunkIndex.Chunk]]

    init(movie: Movie) throws(BoxError) {
        var chunks: [UInt32: [ChunkIndex.Chunk]] = [:]
        for track in movie.tracks {
            let stbl = track.box.descendant(["mdia", "minf", "stbl"])
            guard stbl?.child("stco") ?? stbl?.child("co64") != nil else { continue }
            chunks[track.id] = ChunkIndex(try track.sampleTable()).chunks
        }
        self.chunks = chunks
    }

    /// The chunks of track `trackID`, none for a track without a chunk offset table or not in the source.
    func chunks(of trackID: UInt32) -> [ChunkIndex.Chunk] { chunks[trackID] ?? [] }

    /// Whether the source has track `trackID` with a chunk offset table.
    func hasTable(_ trackID: UInt32) -> Bool { chunks[trackID] != nil }

    /// The byte ranges of the chunks of the tracks `include` accepts, by ID.
    func ranges(ofTracks include: (UInt32) -> Bool) -> [Range<UInt64>] {
        chunks.filter { include($0.key) }.values.flatMap { $0.map { $0.offset..<$0.offset.saturatingAdd($0.length) } }
    }
}
