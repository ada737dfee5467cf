import ISOBMFF
import Movie

/// The samples of a track imported from another movie: its chunks, left in that file and copied
/// by range when the output is written (never held in memory), one after another, so the
/// track's `stsc` stays as it is and only its chunk offsets change.
struct ImportedTrackMedia: Sendable {
    /// The new track's ID in the output.
    let trackID: UInt32
    /// The movie the samples are in, and the track there, whose samples the written track must
    /// have (`WrittenMovieCheck`).
    let sourceMovie: Movie
    let sourceTrack: Track
    /// The chunks in the source file, in `stco`/`co64` order.
    let chunks: [ChunkIndex.Chunk]

    /// The bytes of all the chunks.
    var byteCount: UInt64 { chunks.reduce(0) { $0.saturatingAdd($1.length) } }

    /// The file the chunks are read from.
    var file: any ByteSource { sourceMovie.file.source }
}
