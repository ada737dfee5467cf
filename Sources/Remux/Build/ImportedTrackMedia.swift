import ElementaryStreams
import ISOBMFF
import Movie

/// The samples of an imported track: its chunks, left in their file and copied by range when
/// the output is written (never held in memory), one after another, so a copied track's `stsc`
/// stays as it is and only its chunk offsets change.
struct ImportedTrackMedia: Sendable {
    /// The new track's ID in the output.
    let trackID: UInt32
    /// The file the chunks are read from.
    let file: any ByteSource
    /// The chunks in ``file``, in chunk order.
    let chunks: [(offset: UInt64, length: UInt64)]
    /// The samples the written track must have (`WrittenMovieCheck`).
    let expected: ExpectedSamples

    /// Where the samples are described in their source.
    enum ExpectedSamples: Sendable {
        /// The sample table of `track` of `movie`.
        case track(Track, in: Movie)
        /// The samples of a raw stream.
        case stream(ElementaryStreamSamples)
    }

    /// The bytes of all the chunks.
    var byteCount: UInt64 { chunks.reduce(0) { $0.saturatingAdd($1.length) } }
}
