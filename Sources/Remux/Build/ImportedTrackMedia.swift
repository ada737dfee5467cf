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

    /// Where each track's chunks go within one `mdat` payload holding `media`'s chunks one
    /// after another in order, by track ID, and the payload's size.
    static func offsets(_ media: [ImportedTrackMedia]) -> (offsets: [UInt32: [UInt64]], size: UInt64) {
        var offsets: [UInt32: [UInt64]] = [:]
        var position: UInt64 = 0
        for track in media {
            offsets[track.trackID] = track.chunks.map { chunk in
                defer { position = position.saturatingAdd(chunk.length) }
                return position
            }
        }
        return (offsets, position)
    }

    /// Appends every chunk of `media` to `sink`, copied from its file.
    static func copy(_ media: [ImportedTrackMedia], to sink: inout some ByteSink) throws(BoxError) {
        for track in media {
            for chunk in track.chunks { try sink.copy(from: track.file, offset: chunk.offset, length: chunk.length) }
        }
    }
}
