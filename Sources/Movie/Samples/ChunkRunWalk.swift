import ISOBMFF

/// The runs of `stsc` walked chunk by chunk, in one pass (ISO/IEC 14496-12 §8.7.4: a run holds
/// the chunks from its first chunk to the next run's): what both a sample walk and a chunk index
/// need, written once.
struct ChunkRunWalk {
    let stsc: SampleToChunkBox
    /// The run that holds the chunk last asked for.
    private(set) var run = 0

    init(_ stsc: SampleToChunkBox) { self.stsc = stsc }

    /// Moves to `chunk` (0-based; chunks are asked for in increasing order) and returns how many
    /// samples it holds; 0 when `stsc` has no runs.
    mutating func samplesPerChunk(atChunk chunk: Int) -> UInt32 {
        while run + 1 < stsc.body.count && Int(stsc.firstChunk(ofRun: run + 1)) - 1 <= chunk { run += 1 }
        return stsc.body.count == 0 ? 0 : stsc.samplesPerChunk(ofRun: run)
    }

    /// The sample description index of the current run.
    var descriptionIndex: UInt32 { stsc.body.count == 0 ? 0 : stsc.descriptionIndex(ofRun: run) }
}
