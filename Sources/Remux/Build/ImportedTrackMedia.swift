import ElementaryStreams
import ISOBMFF
import Movie

/// The samples of an imported track: ranges of their file, copied when the output is written
/// (never held in memory), one after another, and the chunks they make there: a copied
/// track's own chunks (its `stsc` stays as it is, only its chunk offsets change), or a raw
/// stream's samples in chunks of about a second whatever the runs they come in.
struct ImportedTrackMedia: Sendable {
    /// The new track's ID in the output.
    let trackID: UInt32
    /// The file the chunks are read from.
    let file: any ByteSource
    /// The ranges of ``file`` holding the samples, in order.
    let pieces: [(offset: UInt64, length: UInt64)]
    /// The byte length of each chunk in the output, in order; they add up to the pieces'.
    let chunkLengths: [UInt64]
    /// The samples the written track must have (`WrittenMovieCheck`).
    let expected: ExpectedSamples

    /// Where the samples are described in their source.
    enum ExpectedSamples: Sendable {
        /// The sample table of `track` of `movie`.
        case track(Track, in: Movie)
        /// The samples of a raw stream.
        case stream(ElementaryStreamSamples)
    }

    /// The bytes of all the samples.
    var byteCount: UInt64 { pieces.reduce(0) { $0.saturatingAdd($1.length) } }

    /// Where each track's chunks go within one `mdat` payload holding `media`'s chunks one
    /// after another in order, by track ID, and the payload's size.
    static func offsets(_ media: [ImportedTrackMedia]) -> (offsets: [UInt32: [UInt64]], size: UInt64) {
        var offsets: [UInt32: [UInt64]] = [:]
        var position: UInt64 = 0
        for track in media {
            offsets[track.trackID] = track.chunkLengths.map { length in
                defer { position = position.saturatingAdd(length) }
                return position
            }
        }
        return (offsets, position)
    }

    /// Appends every sample of `media` to `sink`: a raw stream's pieces are its frames without
    /// their headers (ADTS), a few hundred bytes each, which a file sink gathers into large
    /// reads and writes rather than one kernel copy a frame.
    static func copy(_ media: [ImportedTrackMedia], to sink: inout some ByteSink) throws(BoxError) {
        for track in media { try sink.copy(runs: track.pieces, from: track.file) }
    }
}
