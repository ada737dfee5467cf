import FileOutput
import ISOBMFF
import Movie

/// How far `package` has got in copying the media of the tracks it packages: the bytes written
/// to its segment files so far, of the bytes of the samples it copies (headers and `moof`s
/// aside, so the count is held at the total until the last file is done).
///
/// The files are written one after another on one thread; the class is `@unchecked Sendable`
/// only so that a file's progress callback can hold it.
public final class PackageProgress: @unchecked Sendable {
    /// The bytes of the samples of the tracks packaged.
    public let totalBytes: UInt64
    private let report: @Sendable (WriteProgress) -> Void
    private var finishedBytes: UInt64 = 0

    /// Reports to `report` the progress of packaging `tracks` of `movie`, whose sample tables it
    /// reads once to count their bytes.
    public init(tracks: [Track], movie: Movie, maxSamples: Int, report: @escaping @Sendable (WriteProgress) -> Void) throws(BoxError) {
        var total: UInt64 = 0
        for track in tracks {
            for sample in try movie.samples(of: track, maxSamples: maxSamples) { total = total.saturatingAdd(UInt64(sample.size)) }
        }
        totalBytes = total
        self.report = report
    }

    /// The callback for a file's sink (``FileByteSink/progress``): its bytes after those of the
    /// files already written.
    func fileProgress() -> @Sendable (UInt64) -> Void {
        let before = finishedBytes
        return { [self] written in report(WriteProgress(bytesWritten: min(totalBytes, before.saturatingAdd(written)), totalBytes: totalBytes)) }
    }

    /// Counts a file of `size` bytes as written.
    func finishFile(size: UInt64) {
        finishedBytes = finishedBytes.saturatingAdd(size)
    }

    /// Reports the work done.
    func finish() {
        report(WriteProgress(bytesWritten: totalBytes, totalBytes: totalBytes))
    }
}
