import ISOBMFF

/// Where each chunk of a track is and how many bytes it holds, from `stsc`, `stsz`/`stz2` and
/// `stco`/`co64` (ISO/IEC 14496-12 §8.7.4): what a writer needs to move a track's media and
/// rewrite its chunk offsets. Chunks past the last sample hold no bytes.
public struct ChunkIndex: Sendable {
    /// One chunk: file offset and length in bytes.
    public struct Chunk: Hashable, Sendable {
        /// The absolute file offset of the chunk's first byte.
        public var offset: UInt64
        /// The chunk's length in bytes.
        public var length: UInt64
    }

    /// Every chunk, in `stco`/`co64` order.
    public let chunks: [Chunk]

    /// Builds the index in one pass over the runs of `stsc`; the table was validated when it was
    /// built, so every sample index read here exists.
    public init(_ table: SampleTable) {
        let chunkCount = table.chunkOffsets.count
        var chunks: [Chunk] = []
        chunks.reserveCapacity(chunkCount)
        var sample = 0
        var runs = ChunkRunWalk(table.sampleToChunk)
        for chunk in 0..<chunkCount {
            let perChunk = Int(runs.samplesPerChunk(atChunk: chunk))
            var length: UInt64 = 0
            // perChunk is at most 2^32 - 1, so the sum cannot overflow a 64-bit Int.
            let end = min(table.count, sample + perChunk)
            for index in sample..<max(sample, end) { length = length.saturatingAdd(UInt64(table.sizes.size(ofSample: index))) }
            sample = end
            chunks.append(Chunk(offset: table.chunkOffsets.offset(ofChunk: chunk), length: length))
        }
        self.chunks = chunks
    }
}
