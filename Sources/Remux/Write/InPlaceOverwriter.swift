import FileOutput
import ISOBMFF

/// Carries out an ``OverwriteLayout`` on a fragmented movie's file, syncing after each stage:
/// the switch to the new `moov` (a staged write into free space, then one 8-byte header, or one
/// write of the whole room), then the retirement of removed boxes (their types become `free`)
/// and, after them, the zeros.
///
/// What a stop leaves: with a staged switch, every write leaves a whole movie, the old one
/// until the header is written, the new one after. With a whole switch, the new `moov` goes in
/// one `pwrite`: a process killed before or after it leaves the old or the new movie, but the
/// kernel may cut a write of more than a page short when a fatal signal arrives during it, and
/// power loss during it can leave part of it on disk, so that write is the one moment that is
/// not safe. A write that fails before the switch is done is undone (the bytes read before are
/// written back), so the file is as it was; after the switch only erasing is left, which
/// running the edit again finishes.
///
/// Before the write that switches, the file as it will be then is read back and checked against
/// the plan (``WrittenMovieCheck``); a mismatch undoes a staged write and refuses the edit.
struct InPlaceOverwriter {
    let file: EditableFile
    let layout: OverwriteLayout
    let check: WrittenMovieCheck

    /// The bytes the switch writes.
    var switchSize: UInt64 {
        switch layout.switchover {
        case let .staged(bytes, _, header, _): UInt64(bytes.count + header.count)
        case let .whole(bytes, _): UInt64(bytes.count)
        }
    }

    /// Verify before commit: the file as the switch (`switching`) and the retirements after it
    /// will leave it, read back and checked against the plan while it is still the old movie.
    private func verifyBeforeSwitching(_ switching: (bytes: [UInt8], offset: UInt64), undo: [InPlaceUndo],
                                       with sink: FileByteSink) throws(EditError) {
        let writes = [OverlaidByteSource.Write(offset: switching.offset, bytes: switching.bytes)]
            + layout.retiredBoxTypeOffsets.map { OverlaidByteSource.Write(offset: $0, bytes: FourCC("free").bytes) }
        do throws(EditError) {
            try check.verify(OverlaidByteSource(base: try boxing(file.currentContents()), writes: writes))
        } catch {
            throw InPlaceUndo.rollBack(undo, in: file, with: sink, refusing: error)
        }
    }

    func run(progress: (@Sendable (UInt64) -> Void)?) throws(EditError) {
        let sink = file.sink(at: 0)
        sink.progress = progress
        let writes: [(bytes: [UInt8], offset: UInt64)] = switch layout.switchover {
        case let .staged(bytes, offset, header, headerOffset): [(bytes, offset), (header, headerOffset)]
        case let .whole(bytes, offset): [(bytes, offset)]
        }
        var undo: [InPlaceUndo] = []
        for (number, write) in writes.enumerated() {
            if number == writes.count - 1 { try verifyBeforeSwitching(write, undo: undo, with: sink) }
            do throws(BoxError) {
                undo.append(.write(try file.source.read(at: write.offset, count: write.bytes.count), at: write.offset))
                try sink.write(write.bytes[...], at: write.offset)
                try file.sync()
            } catch {
                throw InPlaceUndo.rollBack(undo, in: file, with: sink, after: error)
            }
        }
        guard !layout.retiredBoxTypeOffsets.isEmpty || !layout.erasures.isEmpty else { return }
        do throws(BoxError) {
            // Types first: a box whose payload is zeroed before it is `free` would be damaged.
            for offset in layout.retiredBoxTypeOffsets { try sink.write(FourCC("free").bytes[...], at: offset) }
            try file.sync()
            for range in layout.erasures { try sink.writeZeros(range) }
            try file.sync()
        } catch {
            throw .inPlaceWriteFailed(error, outcome: .removedBytesNotErased)
        }
    }
}
