import ISOBMFF
import Movie

/// Applies an ``EditPlan`` to a movie and writes the result: the one engine behind every
/// writing command.
///
/// A full rewrite goes to a temporary file beside the target, synced, then renamed over it, so
/// the target is either absent (or as it was) or complete; the source is only read. An in-place
/// edit appends and then switches `moov` with a single 4-byte write (see ``InPlaceStep``). Sample
/// data is copied as whole box payloads, by the kernel where it can (`copy_file_range`), so
/// memory does not grow with the file.
public struct MovieEditor: Sendable {
    public let movie: Movie
    public let path: String
    public var limits: Limits

    /// Opens the movie at `path` for editing.
    public init(path: String, limits: Limits = .standard) throws(BoxError) {
        self.path = path
        self.limits = limits
        movie = try Movie.open(path: path, limits: limits)
    }

    /// Writes the edited movie to `outputPath`, `moov` first. The output must not be the
    /// source (use ``editInPlace(_:progress:)``).
    public func write(_ plan: EditPlan, to outputPath: String,
                      progress: (@Sendable (EditProgress) -> Void)? = nil) throws(BoxError) -> EditReport {
        if FileIdentity(path: outputPath) == FileIdentity(path: path), FileIdentity(path: path) != nil {
            throw BoxError(.invalidValue("the output '\(outputPath)' is the source file; write to another file or edit in place"), at: nil)
        }
        let edited = try EditedMovie(movie: movie, plan: plan, limits: limits)
        let layout = try FullRewriteLayout(edited: edited, movie: movie)
        let output = try ReplacementFile(replacing: outputPath)
        let total = layout.totalSize
        if let progress { output.sink.progress = { progress(EditProgress(bytesWritten: $0, totalBytes: total)) } }
        var sink = output.sink
        try layout.write(to: &sink)
        guard sink.bytesWritten == total else {
            output.discard()
            throw BoxError(.io("wrote \(sink.bytesWritten) bytes to '\(outputPath)' but the layout has \(total)"), at: nil)
        }
        for range in layout.erasures { try sink.writeZeros(range) }
        try output.commit()
        return EditReport(path: outputPath, addedTrackIDs: edited.addedTrackIDs, bytesWritten: total, fileSize: total,
                          diagnostics: edited.diagnostics, losses: edited.losses)
    }

    /// Edits the source file itself: appends the new samples and `moov`, then retires the old
    /// `moov`. Costs what `moov` costs, not what the file does.
    public func editInPlace(_ plan: EditPlan, progress: (@Sendable (EditProgress) -> Void)? = nil) throws(BoxError) -> EditReport {
        try editInPlace(plan, progress: progress, stoppingAfter: nil)
    }

    /// The source byte ranges an in-place edit with `plan` would overwrite with zeros, for a
    /// dry run; nothing is written.
    public func erasuresInPlace(_ plan: EditPlan) throws(BoxError) -> [Range<UInt64>] {
        try AppendLayout(edited: EditedMovie(movie: movie, plan: plan, limits: limits), movie: movie).erasures
    }

    /// ``editInPlace(_:progress:)`` that can stop after a step, as a crash there would: for
    /// tests that prove every intermediate file is whole.
    package func editInPlace(_ plan: EditPlan, progress: (@Sendable (EditProgress) -> Void)?,
                             stoppingAfter lastStep: InPlaceStep?) throws(BoxError) -> EditReport {
        // Nothing to change: the file stays as it is, not even a new copy of its moov.
        if plan.isEmpty {
            return EditReport(path: path, addedTrackIDs: [], bytesWritten: 0, fileSize: movie.file.source.size, diagnostics: [])
        }
        let edited = try EditedMovie(movie: movie, plan: plan, limits: limits)
        let layout = try AppendLayout(edited: edited, movie: movie)
        let file = try EditableFile(path: path)
        guard file.size == movie.file.source.size else {
            throw BoxError(.io("'\(path)' changed while it was being edited"), at: nil)
        }
        let total = (layout.mediaBox?.totalSize ?? 0) + layout.movieBox.totalSize
        let sink = file.sink(at: layout.appendOffset)
        if let progress { sink.progress = { progress(EditProgress(bytesWritten: $0, totalBytes: total)) } }
        var appended = ByteWriter(capacity: Int(clamping: total))
        try layout.mediaBox?.write(to: &appended)
        try layout.movieBox.write(to: &appended)
        try sink.write(appended.bytes[...])
        try file.sync()
        let report = EditReport(path: path, addedTrackIDs: edited.addedTrackIDs, bytesWritten: total,
                                fileSize: layout.appendOffset + total, diagnostics: edited.diagnostics, losses: edited.losses)
        if lastStep == .appendMovie { return report }
        if let patch = layout.endOfFileBoxPatch {
            try sink.write(Self.bigEndian(patch.size)[...], at: patch.offset)
            try file.sync()
        }
        if lastStep == .sizeEndOfFileBox { return report }
        try sink.write(FourCC("free").bytes[...], at: layout.oldMovieTypeOffset)
        try file.sync()
        if lastStep == .retireOldMovie || (layout.erasures.isEmpty && layout.retiredBoxTypeOffsets.isEmpty) { return report }
        for offset in layout.retiredBoxTypeOffsets { try sink.write(FourCC("free").bytes[...], at: offset) }
        for range in layout.erasures { try sink.writeZeros(range) }
        try file.sync()
        return report
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
