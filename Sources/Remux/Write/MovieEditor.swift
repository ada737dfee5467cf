import FileOutput
import ISOBMFF
import Movie

/// Applies an ``EditPlan`` to a movie and writes the result: the one engine behind every
/// writing command.
///
/// A full rewrite goes to a temporary file beside the target, synced, then renamed over it, so
/// the target is either absent (or as it was) or complete; the source is only read, under a
/// shared lock. An in-place edit holds the file's exclusive lock from before it reads the movie
/// to its last write, appends, then switches `moov` with 4-byte writes (see ``InPlaceStep``),
/// and undoes its appending when a write fails; a fragmented movie's new `moov` takes the old
/// one's place instead. Sample data is copied as whole box payloads, by
/// the kernel where it can (`copy_file_range`), so memory does not grow with the file.
///
/// Every write is verified before it lands (`WrittenMovieCheck`): the headers written, read
/// back with Legible's own reader, must be the movie planned — before the rename, or before an
/// in-place edit makes its new `moov` the one players read — or the edit is refused with
/// ``EditError/verificationFailed(_:)`` and the target stays as it was.
public struct MovieEditor: Sendable {
    /// The source movie the plans are applied to.
    public let movie: Movie
    /// The path of the source file.
    public let path: String
    /// The bounds reading and writing stay within.
    public var limits: Limits
    /// The lock held on the source while this editor lives.
    public let lock: FileLock
    /// The initialization segment read before the source, when the source is a media segment
    /// (``init(initializationSegment:mediaSegment:limits:onWait:)``).
    public let initializationSegment: String?
    /// The fragmented source as the regular movie a rewrite writes (``DefragmentedMovie``), or
    /// why it cannot be one, made as the editor opened the file `forRegularOutput`; nil when it
    /// was not, or when the reader could not gather the samples (the rewrite then reads them).
    private let regularSource: Result<Movie, BoxError>?

    /// Opens the movie at `path` for editing, holding `lock` on it (`FileLock`) until the
    /// editor is released: `.exclusive` for an in-place edit, so that no other Legible process
    /// reads or edits the file meanwhile, `.shared` to write a new file from it. `onWait` is
    /// called once when another process holds a conflicting lock and this one waits for it.
    /// `forRegularOutput` says the editor will write new files that do not keep a fragmented
    /// movie's fragments (``write(_:to:replacingExisting:keepingFragments:progress:)``): their
    /// samples are gathered as the file is read, so that they are parsed once, not again for
    /// the write; another edit then works as well, at that cost.
    public init(path: String, limits: Limits = .standard, lock: FileLock = .shared, forRegularOutput: Bool = false,
                onWait: (() -> Void)? = nil) throws(BoxError) {
        self.path = path
        self.limits = limits
        self.lock = lock
        initializationSegment = nil
        let source = try FileByteSource(path: path, lock: lock, onWait: onWait)
        let read = try Movie.read(source, limits: limits, samplesUpTo: forRegularOutput ? DefragmentedMovie.maximumSamples : nil)
        movie = read.movie
        regularSource = read.samples.map { samples in
            Result { () throws(BoxError) in try DefragmentedMovie.regular(read.movie, samples: samples, limits: limits) }
        }
    }

    /// Opens a media segment for writing a new file from it, read after the initialization
    /// segment that describes its tracks (`SegmentedMovieFiles`), with a shared lock on both
    /// files until the editor is released. The movie is fragmented, so it cannot be edited in
    /// place: ``write(_:to:replacingExisting:keepingFragments:progress:)`` writes it as a regular movie. `onWait`
    /// is called with the path of a file another process holds a conflicting lock on.
    public init(initializationSegment: String, mediaSegment: String, limits: Limits = .standard,
                onWait: ((String) -> Void)? = nil) throws(SegmentError) {
        path = mediaSegment
        self.limits = limits
        lock = .shared
        self.initializationSegment = initializationSegment
        regularSource = nil
        movie = try SegmentedMovieFiles(initialization: initializationSegment, mediaSegments: [mediaSegment])
            .open(limits: limits, lock: .shared, onWait: onWait)
    }

    /// For tests only: a change made to the planned `moov` before it is laid out, as a fault in
    /// the planning would make it, to show that a written file that is not the movie planned
    /// never lands (`WrittenMovieCheck`).
    package var plantedFault: (@Sendable (inout Box) -> Void)?

    /// An editor of a movie already read (from memory, say), holding no lock: for tests and the
    /// fuzzer, which write with ``write(_:into:)``.
    package init(movie: Movie, path: String, limits: Limits = .standard) {
        self.movie = movie
        self.path = path
        self.limits = limits
        lock = .shared
        initializationSegment = nil
        regularSource = nil
    }

    /// Writes the edited movie to `outputPath`, `moov` first. The output must not be the
    /// source nor its initialization segment (use ``editInPlace(_:progress:)``); an existing
    /// output must be a regular file, and is replaced only with `replacingExisting`. A fragmented
    /// movie is written as a regular one, or, `keepingFragments`, stays fragmented: its `moof`s
    /// rewritten, its `mdat`s copied, added tracks fragmented too (ISO/IEC 14496-12 §8.8);
    /// `keepingFragments` changes nothing for a movie that is not fragmented. Throws an
    /// ``EditError``: a refusal of the plan, ``EditError/box(_:)`` when the file cannot be
    /// read or written, or ``EditError/verificationFailed(_:)`` when the new file, read back,
    /// is not the movie planned (it is discarded, the output path left as it was).
    public func write(_ plan: EditPlan, to outputPath: String, replacingExisting: Bool = true, keepingFragments: Bool = false,
                      progress: (@Sendable (WriteProgress) -> Void)? = nil) throws(EditError) -> EditReport {
        let sources = [path] + [initializationSegment].compactMap { $0 }
        if let output = FileIdentity(path: outputPath), sources.contains(where: { FileIdentity(path: $0) == output }) {
            throw .outputIsSource(path: outputPath)
        }
        let written = try writeRewrite(plan, to: outputPath, replacingExisting: replacingExisting, keepingFragments: keepingFragments,
                                       progress: progress)
        // Verify before commit: the new file, read back, is the movie planned, or it never lands.
        do throws(EditError) {
            try written.check.verify(try boxing(written.output.writtenContents()))
        } catch {
            written.output.discard()
            throw error
        }
        try boxing(written.output.commit())
        return EditReport(path: outputPath, addedTrackIDs: written.edited.addedTrackIDs, bytesWritten: written.size,
                          fileSize: written.size, diagnostics: written.edited.diagnostics + written.warnings, losses: written.edited.losses)
    }

    /// Plans the rewrite and writes it to a new file beside `outputPath`, not yet in its place.
    /// The layout is let go when this returns, before the file is read back: a fragmented
    /// movie's holds some bytes a fragment.
    private func writeRewrite(_ plan: EditPlan, to outputPath: String, replacingExisting: Bool, keepingFragments: Bool,
                              progress: (@Sendable (WriteProgress) -> Void)?) throws(EditError)
        -> (edited: EditedMovie, check: WrittenMovieCheck, output: ReplacementFile, size: UInt64, warnings: [String]) {
        let (edited, layout, check) = try fullRewrite(plan, keepingFragments: keepingFragments)
        let output = try boxing(ReplacementFile(replacing: outputPath, replacingExisting: replacingExisting))
        let total = layout.totalSize
        if let progress { output.sink.progress = { progress(WriteProgress(bytesWritten: $0, totalBytes: total)) } }
        let sink = output.sink
        var erasing = ErasingSink(sink, erasing: layout.erasures)
        do throws(EditError) {
            try boxing(layout.write(to: &erasing))
            guard sink.bytesWritten == total else {
                throw .box(BoxError(.io("wrote \(sink.bytesWritten) bytes to '\(outputPath)' but the layout has \(total)"), at: nil))
            }
        } catch {
            output.discard()
            throw error
        }
        return (edited, check, output, total, layout.warnings)
    }

    /// Writes the edited movie into `sink` instead of a file: for tests and fuzzing, which check
    /// the bytes in memory. Returns the report and the output's size. The output is read back
    /// and checked against the plan as a file's is; when it does not match, the error is thrown
    /// and `sink` holds the bytes that were checked.
    package func write(_ plan: EditPlan, into sink: inout ByteWriter, keepingFragments: Bool = false) throws(EditError) -> EditReport {
        let (edited, layout, check) = try fullRewrite(plan, keepingFragments: keepingFragments)
        let start = sink.count
        var erasing = ErasingSink(sink, erasing: layout.erasures)
        try boxing(layout.write(to: &erasing))
        sink = erasing.base
        try check.verify(MemoryByteSource(Array(sink.bytes[start...])))
        return EditReport(path: path, addedTrackIDs: edited.addedTrackIDs, bytesWritten: layout.totalSize,
                          fileSize: layout.totalSize, diagnostics: edited.diagnostics + layout.warnings, losses: edited.losses)
    }

    /// The plan applied to the movie, the layout of the new file, and the check the file must
    /// pass before it lands. A fragmented movie is written as a regular one
    /// (``DefragmentedMovie``): the same edit, on tables that hold every sample; or,
    /// `keepingFragments`, as a fragmented one (``FragmentedLayout``).
    private func fullRewrite(_ plan: EditPlan, keepingFragments: Bool) throws(EditError)
        -> (EditedMovie, any MovieLayout, WrittenMovieCheck) {
        if keepingFragments, movie.isFragmented {
            var edited = try EditedMovie(movie: movie, plan: plan, limits: limits, keepingFragments: true)
            plantedFault?(&edited.movieBox)
            return (edited, try boxing(FragmentedLayout(edited: edited, movie: movie, limits: limits)),
                    WrittenMovieCheck(edited: edited, source: movie, limits: limits))
        }
        let source = if let regularSource { try boxing(regularSource.get()) } else { try boxing(DefragmentedMovie.regular(movie, limits: limits)) }
        var edited = try EditedMovie(movie: source, plan: plan, limits: limits)
        plantedFault?(&edited.movieBox)
        return (edited, try boxing(FullRewriteLayout(edited: edited, movie: source)),
                WrittenMovieCheck(edited: edited, source: source, limits: limits))
    }

    /// Edits the source file itself: appends the new samples and `moov`, then retires the old
    /// `moov`s. Costs what `moov` costs, not what the file does. A fragmented movie, whose
    /// fragments follow `moov` and find their samples by offset, gets its new `moov` in the old
    /// one's place, a `free` box taking up the difference: an edit that
    /// adds or removes tracks is refused (``EditError/fragmentedMovie``), and so is one whose
    /// `moov` outgrows the old one and the free space after it
    /// (``EditError/InPlaceObstacle/movieDoesNotFit(size:room:)``), the file left as it was. The
    /// editor should have been opened with the `.exclusive` lock; one opened `.shared` takes it
    /// now and refuses when the file changed meanwhile. Before the new `moov` becomes the one
    /// players read, the file as it will then be is read back and checked against the plan; a
    /// mismatch undoes what was written and throws ``EditError/verificationFailed(_:)``.
    public func editInPlace(_ plan: EditPlan, progress: (@Sendable (WriteProgress) -> Void)? = nil) throws(EditError) -> EditReport {
        try editInPlace(plan, progress: progress, stoppingAfter: nil)
    }

    /// What a write of `plan` would do, for a dry run: the tracks it would add, its warnings
    /// and the size the output would have (`inPlace`: the source's size after the edit);
    /// ``EditReport/bytesWritten`` is 0 and ``EditReport/path`` empty. Every refusal the write
    /// would make is made; nothing is written.
    public func planned(_ plan: EditPlan, inPlace: Bool = false, keepingFragments: Bool = false) throws(EditError) -> EditReport {
        if inPlace {
            let edited = try EditedMovie(movie: movie, plan: plan, limits: limits)
            // A fragmented movie's moov is rewritten where it is: the size stays.
            let layout = movie.isFragmented ? nil : try AppendLayout(edited: edited, movie: movie)
            return EditReport(path: "", addedTrackIDs: edited.addedTrackIDs, bytesWritten: 0,
                              fileSize: layout.map { $0.appendOffset + $0.appendedSize } ?? movie.file.source.size,
                              diagnostics: edited.diagnostics + (layout?.warnings ?? []), losses: edited.losses,
                              addedTrackPlacements: try AddedTrackPlacement.placements(of: edited.addedTrackIDs, in: edited.movieBox))
        }
        let (edited, layout, _) = try fullRewrite(plan, keepingFragments: keepingFragments)
        return EditReport(path: "", addedTrackIDs: edited.addedTrackIDs, bytesWritten: 0, fileSize: layout.totalSize,
                          diagnostics: edited.diagnostics + layout.warnings, losses: edited.losses,
                          addedTrackPlacements: try AddedTrackPlacement.placements(of: edited.addedTrackIDs, in: edited.movieBox))
    }

    /// The source byte ranges an in-place edit with `plan` would overwrite with zeros, for a
    /// dry run; nothing is written.
    public func erasuresInPlace(_ plan: EditPlan) throws(EditError) -> [Range<UInt64>] {
        let edited = try EditedMovie(movie: movie, plan: plan, limits: limits)
        if movie.isFragmented { return try OverwriteLayout(edited: edited, movie: movie, limits: limits).erasures }
        return try AppendLayout(edited: edited, movie: movie).erasures
    }

    /// ``editInPlace(_:progress:)`` that can stop after a step, as a crash there would: for
    /// tests that prove every intermediate file is whole. (The steps are those of an appending
    /// edit; a fragmented movie's edit, which has its own, runs to the end.)
    package func editInPlace(_ plan: EditPlan, progress: (@Sendable (WriteProgress) -> Void)?,
                             stoppingAfter lastStep: InPlaceStep?) throws(EditError) -> EditReport {
        let size = movie.file.source.size
        // Nothing to change: the file stays as it is, not even a new copy of its moov.
        if plan.isEmpty {
            return EditReport(path: path, addedTrackIDs: [], bytesWritten: 0, fileSize: size, diagnostics: [])
        }
        var edited = try EditedMovie(movie: movie, plan: plan, limits: limits)
        plantedFault?(&edited.movieBox)
        if movie.isFragmented {
            return try overwriteInPlace(edited, progress: progress)
        }
        let layout = try AppendLayout(edited: edited, movie: movie)
        if layout.changesNothing {
            return EditReport(path: path, addedTrackIDs: [], bytesWritten: 0, fileSize: size, diagnostics: edited.diagnostics,
                              losses: edited.losses)
        }
        let file = try openForEditing()
        let writer = InPlaceWriter(file: file, layout: layout, originalSize: size,
                                   check: WrittenMovieCheck(edited: edited, source: movie, limits: limits))
        let total = layout.appendedSize
        let report = EditReport(path: path, addedTrackIDs: edited.addedTrackIDs, bytesWritten: total,
                                fileSize: layout.appendOffset + total, diagnostics: edited.diagnostics + layout.warnings, losses: edited.losses)
        try writer.run(stoppingAfter: lastStep, progress: progress.map { progress in
            { @Sendable in progress(WriteProgress(bytesWritten: $0, totalBytes: total)) }
        })
        return report
    }

    /// The in-place edit of a fragmented movie: the new `moov` where the old one is.
    private func overwriteInPlace(_ edited: EditedMovie, progress: (@Sendable (WriteProgress) -> Void)?) throws(EditError) -> EditReport {
        let size = movie.file.source.size
        let layout = try OverwriteLayout(edited: edited, movie: movie, limits: limits)
        if layout.changesNothing {
            return EditReport(path: path, addedTrackIDs: [], bytesWritten: 0, fileSize: size, diagnostics: edited.diagnostics,
                              losses: edited.losses)
        }
        let writer = InPlaceOverwriter(file: try openForEditing(), layout: layout,
                                       check: WrittenMovieCheck(edited: edited, source: movie, limits: limits))
        let total = writer.switchSize
        try writer.run(progress: progress.map { progress in
            { @Sendable in progress(WriteProgress(bytesWritten: min($0, total), totalBytes: total)) }
        })
        return EditReport(path: path, addedTrackIDs: [], bytesWritten: total, fileSize: size, diagnostics: edited.diagnostics,
                          losses: edited.losses)
    }

    /// The source opened for writing, under the exclusive lock (taken now when the editor holds
    /// the shared one); refuses a file whose size changed since it was read.
    private func openForEditing() throws(EditError) -> EditableFile {
        guard let source = movie.file.source as? FileByteSource else {
            throw .inPlaceNeedsRewrite(.notAFile)
        }
        let file = try boxing(EditableFile(editing: source))
        if lock == .shared { try boxing(FileLock.exclusive.acquire(on: source.fileDescriptor, path: path, onWait: nil)) }
        guard file.size == movie.file.source.size else {
            throw .sourceChanged(path: path)
        }
        return file
    }
}
