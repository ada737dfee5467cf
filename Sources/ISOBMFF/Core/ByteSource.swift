#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to the bytes of a file (or of a buffer), read by position on demand, so a
/// reader never has to load sample data.
public protocol ByteSource: Sendable {
    /// Total number of bytes.
    var size: UInt64 { get }
    /// Reads exactly `count` bytes at `offset`, or throws.
    func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8]
}

/// Bytes held in memory: tests, fuzzing and small inputs.
public struct MemoryByteSource: ByteSource {
    /// The bytes.
    public let bytes: [UInt8]
    /// A source over `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var size: UInt64 { UInt64(bytes.count) }

    public func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else {
            throw BoxError(.truncated(needed: UInt64(max(count, 0)), available: size - min(offset, size)),
                           at: BoxLocation(path: "", offset: offset))
        }
        let start = Int(offset)
        return Array(bytes[start..<start + count])
    }
}

/// A file opened read-only and read with positional reads (`pread`): no shared file position,
/// safe to use from several threads.
public final class FileByteSource: ByteSource {
    /// The path the file was opened with.
    public let path: String
    public let size: UInt64
    private let descriptor: Int32

    /// Opens `path` for reading.
    public convenience init(path: String) throws(BoxError) {
        try self.init(descriptor: Self.openForReading(path), path: path)
    }

    /// A second reader of the file `descriptor` is open on (which must be readable), with its
    /// own descriptor and the file's size now: how a writer reads back what it wrote, a file
    /// without a name (`O_TMPFILE`) included. `path` names the file in error messages.
    package convenience init(duplicating descriptor: Int32, path: String) throws(BoxError) {
        let copy = dup(descriptor)
        guard copy >= 0 else {
            throw BoxError(.io("cannot read back '\(path)': \(String(cString: strerror(errno)))"), at: nil)
        }
        try self.init(descriptor: copy, path: path)
    }

    /// Non-blocking, so opening a FIFO or a device returns at once and the regular-file check
    /// can refuse it; reads of a regular file are unaffected by the flag. Package-wide for
    /// `FileOutput`, which opens a source under a `FileLock`.
    package static func openForReading(_ path: String) throws(BoxError) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw BoxError(.io("cannot open '\(path)': \(String(cString: strerror(errno)))"), at: nil)
        }
        return fd
    }

    /// Takes over `fd`, which must be a regular file (it is closed when it is not). Package-wide
    /// for `FileOutput`, which takes its lock on `fd` before the size is read.
    package init(descriptor fd: Int32, path: String) throws(BoxError) {
        self.path = path
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw BoxError(.io("cannot stat '\(path)': \(message)"), at: nil)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            // open(2) succeeds on a directory for reading, so say what it is in open's words.
            let reason = (info.st_mode & S_IFMT) == S_IFDIR ? String(cString: strerror(EISDIR)) : "not a regular file"
            throw BoxError(.io("cannot open '\(path)': \(reason)"), at: nil)
        }
        self.descriptor = fd
        self.size = UInt64(info.st_size)
    }

    deinit { close(descriptor) }

    /// The descriptor, for zero-copy transfers (`copy_file_range`) by writers in this package.
    package var fileDescriptor: Int32 { descriptor }

    public func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
        let location = BoxLocation(path: "", offset: offset)
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else {
            throw BoxError(.truncated(needed: UInt64(max(count, 0)), available: size - min(offset, size)), at: location)
        }
        if count == 0 { return [] }
        var failure: BoxError?
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                guard let base = buffer.baseAddress else { break }
                let got = pread(descriptor, base + done, count - done, off_t(offset) + off_t(done))
                if got > 0 {
                    done += got
                } else if got < 0 && errno == EINTR {
                    continue
                } else {
                    let reason = got == 0 ? "unexpected end of file" : String(cString: strerror(errno))
                    failure = BoxError(.io("read failed in '\(path)': \(reason)"), at: location)
                    break
                }
            }
            initialized = done
        }
        if let failure { throw failure }
        return result
    }
}
