#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

/// A file opened for reading and writing, for edits made in place (patching a box, appending a
/// new one) where rewriting the whole file would be a waste.
///
/// Reads go through ``source``; writes through sinks from ``sink(at:)``, which keep the file
/// open while they live.
public final class EditableFile {
    /// The file's path, for error messages.
    public let path: String
    /// Reads the file. Its `FileByteSource.size` is the size at opening; ``size`` is current.
    public let source: FileByteSource
    private let descriptor: Int32

    /// Opens `path`, which must be a regular file, for reading and writing.
    public convenience init(path: String) throws(BoxError) {
        // The source makes the checks and says what is wrong with a missing file, a folder or a
        // device; the writable descriptor is opened second and must be the same file.
        try self.init(editing: FileByteSource(path: path))
    }

    /// Opens for writing the file `source` reads (by its path, which must still name it), so an
    /// edit can keep the lock `source` holds (``FileLock``) while it writes.
    public init(editing source: FileByteSource) throws(BoxError) {
        let path = source.path
        // Non-blocking, as for the source, in case the path now names a FIFO.
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .system("open", path) }
        var written = stat(), read = stat()
        guard fstat(fd, &written) == 0, fstat(source.fileDescriptor, &read) == 0 else {
            let error = BoxError.system("stat", path)
            close(fd)
            throw error
        }
        guard written.st_dev == read.st_dev, written.st_ino == read.st_ino else {
            close(fd)
            throw BoxError(.io("cannot open '\(path)': it was replaced while being opened"), at: nil)
        }
        self.source = source
        self.path = path
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// The file's size now, including anything written since opening.
    public var size: UInt64 {
        var info = stat()
        // fstat(2) of a descriptor this object holds open has nothing left to fail on.
        fstat(descriptor, &info)
        return UInt64(info.st_size)
    }

    /// The file as it is now, its size included, read through a descriptor of its own: for an
    /// edit that reads back what it wrote (``source`` keeps the size at opening).
    package func currentContents() throws(BoxError) -> FileByteSource {
        try FileByteSource(duplicating: descriptor, path: path)
    }

    /// A sink writing from `offset` on; it keeps this file open while it lives.
    ///
    /// A copy from ``source`` through it moves bytes within the file, piece by piece: its range
    /// must not overlap the bytes it writes, or a piece can overwrite bytes not yet copied.
    public func sink(at offset: UInt64) -> FileByteSink {
        FileByteSink(descriptor: descriptor, path: path, offset: offset, keepingAlive: self)
    }

    /// Cuts the file to `size` bytes (or extends it with zeros): how a failed append is undone.
    public func truncate(to size: UInt64) throws(BoxError) {
        guard size <= UInt64(Int64.max) else { throw .system("truncate", path, code: EFBIG) }
        while ftruncate(descriptor, off_t(size)) != 0 {
            guard errno == EINTR else { throw .system("truncate", path) }
        }
    }

    /// Flushes every write to the storage device (`fsync`).
    public func sync() throws(BoxError) {
        guard fsync(descriptor) == 0 else { throw .system("sync", path) }
    }
}
