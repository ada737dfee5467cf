import ISOBMFF

/// A problem with one of the files a segmented movie is read from (``SegmentedMovieFiles``):
/// the file's path, and the box path and byte offset within that file.
public struct SegmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The initialization segment or media segment the problem is in.
    public var path: String
    /// The problem, located as in that file read alone.
    public var error: BoxError

    /// A problem in the file at `path`.
    public init(path: String, error: BoxError) {
        self.path = path
        self.error = error
    }

    /// `FILE: box/path @ 0xOFFSET: message`.
    public var description: String { "\(path): \(error)" }
}
