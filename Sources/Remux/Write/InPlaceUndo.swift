import FileOutput
import ISOBMFF

/// One thing an in-place edit puts back when a later write fails, or the check of what it wrote
/// finds it is not the movie planned, before the edited movie is in place: a size to cut the
/// file back to, or bytes to write back where they were.
enum InPlaceUndo {
    case truncate(UInt64)
    case write([UInt8], at: UInt64)

    /// Runs `undo`, newest first, and syncs; returns the error to report: the original one, or,
    /// when undoing failed too, one that says the file may be left changed.
    static func rollBack(_ undo: [InPlaceUndo], in file: EditableFile, with sink: FileByteSink, after error: BoxError) -> EditError {
        do throws(BoxError) {
            try run(undo, in: file, with: sink)
            return .inPlaceWriteFailed(error, outcome: .leftAsItWas)
        } catch let undoError {
            return .inPlaceWriteFailed(error, outcome: .undoFailed(undoError, path: file.path))
        }
    }

    /// Runs `undo` after the edit was refused with `refusal` midway (``WrittenMovieCheck``);
    /// returns the refusal when the file is as it was again, else an error that says it may be
    /// left changed.
    static func rollBack(_ undo: [InPlaceUndo], in file: EditableFile, with sink: FileByteSink, refusing refusal: EditError) -> EditError {
        do throws(BoxError) {
            try run(undo, in: file, with: sink)
            return refusal
        } catch let undoError {
            return .inPlaceWriteFailed(BoxError(.invalidValue(refusal.description), at: nil),
                                       outcome: .undoFailed(undoError, path: file.path))
        }
    }

    /// Runs `undo`, newest first, and syncs.
    private static func run(_ undo: [InPlaceUndo], in file: EditableFile, with sink: FileByteSink) throws(BoxError) {
        for action in undo.reversed() {
            switch action {
            case let .truncate(size): try file.truncate(to: size)
            case let .write(bytes, offset): try sink.write(bytes[...], at: offset)
            }
        }
        try file.sync()
    }
}
