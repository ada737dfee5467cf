extension BoxIndex {
    /// Indexes the `moov` a compressed movie resource (`moov/cmov`, QTFF "Compressed movie
    /// resources") inflates to, as `CompressedMovie/inflate(_:limits:)` parses it: record 0 is
    /// that `moov`. The records are bounded by the size of the compressed stream
    /// (``Limits/maxIndexRecords(forInputSize:)``), so a few kilobytes that inflate to a flood
    /// of tiny boxes stop with an error after a few thousand, not after millions.
    public init(inflating cmov: Box, limits: Limits = .standard) throws(BoxError) {
        let stream = try CompressedMovie.inflatedStream(cmov, limits: limits)
        self = try BoxIndex(boxesIn: stream.bytes, path: stream.path, inputSize: stream.compressedSize, limits: limits)
        guard count > 0, records[0].type == "moov", records[0].nextSibling < 0 else { throw CompressedMovie.notAMovie(at: stream.path) }
    }
}
