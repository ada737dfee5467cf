import FileOutput
import ISOBMFF

/// Carries out an ``AppendLayout`` on the file, step by step (``InPlaceStep``), syncing after
/// each. A write that fails up to the retirement of the old `moov` (a full disk, an I/O error)
/// is undone: retired types are written back, a patched size restored and the file cut back to
/// its size before the edit, so it is byte for byte as it was (less what the edit left out at
/// its end, which nothing used). After the retirement there is nothing to undo: the file is
/// the edited movie, and only erasing is left, which running the edit again finishes.
///
/// Before the retirements make the appended `moov` the one players read, the file as they will
/// leave it is read back and checked against the plan (``WrittenMovieCheck``); a mismatch is
/// undone like a failed write, and the edit refused.
struct InPlaceWriter {
    let file: EditableFile
    let layout: AppendLayout
    /// The file's size before the edit.
    let originalSize: UInt64
    let check: WrittenMovieCheck

    private static let movieType = FourCC("moov").bytes
    private static let freeType = FourCC("free").bytes

    func run(stoppingAfter lastStep: InPlaceStep?, progress: (@Sendable (UInt64) -> Void)?) throws(EditError) {
        let sink = file.sink(at: layout.appendOffset)
        sink.progress = progress
        var undo: [InPlaceUndo] = []
        for step in InPlaceStep.allCases {
            if step == .retireStaleMovies { try verifyBeforeRetiring(undo: undo, with: sink) }
            guard let writes = try boxing(writes(for: step, into: &undo)), !writes.isEmpty else {
                if step == lastStep { return }
                continue
            }
            do throws(BoxError) {
                for write in writes { try perform(write, with: sink) }
                try file.sync()
            } catch {
                guard step <= .retireOldMovie else {
                    throw .inPlaceWriteFailed(error, outcome: .removedBytesNotErased)
                }
                throw InPlaceUndo.rollBack(undo, in: file, with: sink, after: error)
            }
            if step == lastStep { return }
        }
    }

    /// Verify before commit: the file with the appended `moov` and the old ones retired (their
    /// types `free`, as the next steps write them), read back and checked against the plan
    /// while the appending can still be undone.
    private func verifyBeforeRetiring(undo: [InPlaceUndo], with sink: FileByteSink) throws(EditError) {
        let retirements = (layout.retiredMovieTypeOffsets + layout.retiredBoxTypeOffsets)
            .map { OverlaidByteSource.Write(offset: $0, bytes: Self.freeType) }
        do throws(EditError) {
            try check.verify(OverlaidByteSource(base: try boxing(file.currentContents()), writes: retirements))
        } catch {
            throw InPlaceUndo.rollBack(undo, in: file, with: sink, refusing: error)
        }
    }

    /// What a step writes, or nil (or nothing) when the edit has nothing to do in it; records in
    /// `undo` how to take the step back.
    private func writes(for step: InPlaceStep, into undo: inout [InPlaceUndo]) throws(BoxError) -> [Write]? {
        switch step {
        case .cutLeftOutEnd:
            guard layout.appendOffset < originalSize else { return nil }
            return [.truncate(layout.appendOffset)]
        case .appendMovie:
            undo.append(.truncate(layout.appendOffset))
            var media = ByteWriter(capacity: Int(clamping: (layout.mediaBox?.totalSize ?? 0) + 16))
            try layout.mediaBox?.write(to: &media)
            layout.importedHeader?.write(into: &media)
            var movie = ByteWriter(capacity: Int(clamping: layout.movieBox.totalSize))
            try layout.movieBox.write(to: &movie)
            return [.append(media.bytes), .copyImported, .append(movie.bytes)]
        case .sizeLastBox:
            guard let patch = layout.lastBoxSizePatch else { return nil }
            undo.append(.write(try file.source.read(at: patch.offset, count: patch.bytes.count), at: patch.offset))
            return [.patch(patch.bytes, at: patch.offset)]
        case .retireStaleMovies:
            let stale = layout.retiredMovieTypeOffsets.dropLast()
            undo += stale.map { .write(Self.movieType, at: $0) }
            return stale.map { .patch(Self.freeType, at: $0) }
        case .retireOldMovie:
            guard let live = layout.retiredMovieTypeOffsets.last else { return nil }
            undo.append(.write(Self.movieType, at: live))
            return [.patch(Self.freeType, at: live)]
        case .eraseRemovedBytes:
            guard !layout.erasures.isEmpty || !layout.retiredBoxTypeOffsets.isEmpty else { return nil }
            return layout.retiredBoxTypeOffsets.map { .patch(Self.freeType, at: $0) } + layout.erasures.map { .zeros($0) }
        }
    }

    /// One write of a step.
    private enum Write {
        case truncate(UInt64)
        case append([UInt8])
        /// The imported tracks' chunks, copied from their files after what is appended so far.
        case copyImported
        case patch([UInt8], at: UInt64)
        case zeros(Range<UInt64>)
    }

    private func perform(_ write: Write, with sink: FileByteSink) throws(BoxError) {
        switch write {
        case let .truncate(size): try file.truncate(to: size)
        case let .append(bytes): try sink.write(bytes[...])
        case .copyImported:
            var appending = sink
            try ImportedTrackMedia.copy(layout.importedMedia, to: &appending)
        case let .patch(bytes, offset): try sink.write(bytes[...], at: offset)
        case let .zeros(range): try sink.writeZeros(range)
        }
    }
}
