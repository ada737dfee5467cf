#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

/// Writes to an open file by position (`pwrite`), starting at ``offset`` and moving on with each
/// write.
///
/// Copies from a `FileByteSource` (or a `ConcatenatedByteSource` of files) never pass through
/// Swift arrays: on Linux the kernel copies them (`copy_file_range`), elsewhere one reusable
/// buffer carries them. ``progress`` hears
/// about every step, so a long copy can show how far it got.
///
/// The sink does not own the descriptor: whoever opened it closes it, after the last write.
public final class FileByteSink: ByteSink {
    /// The file's path, for error messages.
    public let path: String
    /// Where the next ``write(_:)`` or ``copy(from:offset:length:)`` goes.
    public private(set) var offset: UInt64
    /// Bytes written at the moving position so far (positional patches, which overwrite bytes
    /// already written, do not count).
    public private(set) var bytesWritten: UInt64 = 0
    /// Called with ``bytesWritten`` after each write and each step of a copy.
    public var progress: (@Sendable (UInt64) -> Void)?

    /// The most one kernel copy moves before ``progress`` hears of it; tests make it small.
    package var copyStep: UInt64 = 64 << 20
    /// The size of the buffer that carries file copies the kernel does not do (allocated at the
    /// first), and of the pieces read from other sources; tests make it small.
    package var bufferSize = 8 << 20
    /// ``bufferSize``, at least one byte, so a copy always moves forward.
    var pieceSize: Int { max(bufferSize, 1) }
    /// Whether copies from files try `copy_file_range` first; turned off for good once the
    /// kernel says it cannot copy between these files, so later copies do not ask again.
    package var usesKernelCopy: Bool

    private var descriptor: Int32
    /// What owns `descriptor`, kept alive so the descriptor stays open while this sink lives.
    private let owner: AnyObject?
    /// The copy buffer, allocated at the first copy that needs it.
    var buffer: UnsafeMutableRawBufferPointer?
    /// The last source advised as read in order.
    private weak var advisedSource: FileByteSource?

    /// A sink writing to `descriptor` (which stays the caller's to close) from `offset` on;
    /// `path` names the file in error messages.
    public convenience init(descriptor: Int32, path: String, offset: UInt64 = 0) {
        self.init(descriptor: descriptor, path: path, offset: offset, keepingAlive: nil)
    }

    /// A sink whose descriptor belongs to `owner`, which it keeps alive.
    package init(descriptor: Int32, path: String, offset: UInt64, keepingAlive owner: AnyObject?) {
        self.descriptor = descriptor
        self.path = path
        self.offset = offset
        self.owner = owner
        #if os(Linux)
        usesKernelCopy = Self.copyFileRange != nil
        #else
        usesKernelCopy = false
        #endif
    }

    deinit { buffer?.deallocate() }

    /// Stops using the descriptor because its owner is closing it: a later write then fails
    /// (bad file descriptor) instead of landing in whatever file reuses the number.
    package func detach() {
        descriptor = -1
    }

    /// Writes `bytes` at ``offset`` and moves past them.
    public func write(_ bytes: ArraySlice<UInt8>) throws(BoxError) {
        try write(bytes, at: offset)
        advance(by: UInt64(bytes.count))
    }

    /// Writes `bytes` at `position` without moving ``offset``: for patching bytes in place, such
    /// as a size field once the size is known.
    public func write(_ bytes: ArraySlice<UInt8>, at position: UInt64) throws(BoxError) {
        try checkRoom(at: position, count: UInt64(bytes.count))
        if let failure = bytes.withUnsafeBytes({ writeFully($0, at: position) }) {
            throw .system("write", path, code: failure)
        }
    }

    /// Overwrites `range` with zeros without moving ``offset``: erasing bytes that must not
    /// survive in the file.
    public func writeZeros(_ range: Range<UInt64>) throws(BoxError) {
        let piece = [UInt8](repeating: 0, count: Int(min(range.count, 1 << 20)))
        var position = range.lowerBound
        while position < range.upperBound {
            let count = Int(min(UInt64(piece.count), range.upperBound - position))
            try write(piece[..<count], at: position)
            position += UInt64(count)
        }
    }

    /// Copies `length` bytes of `source` from `offset` to the sink.
    public func copy(from source: any ByteSource, offset: UInt64, length: UInt64) throws(BoxError) {
        guard offset <= source.size, length <= source.size - offset else {
            throw BoxError(.truncated(needed: length, available: source.size - min(offset, source.size)),
                           at: BoxLocation(path: "", offset: offset))
        }
        try checkRoom(at: self.offset, count: length)
        if let concatenation = source as? ConcatenatedByteSource {
            // Piece by piece, so the pieces in files are copied by the kernel too.
            for piece in try concatenation.pieces(at: offset, length: length) {
                try copy(from: piece.source, offset: piece.offset, length: piece.length)
            }
            return
        }
        guard let file = source as? FileByteSource else {
            var done: UInt64 = 0
            while done < length {
                let count = Int(min(UInt64(pieceSize), length - done))
                try write(try source.read(at: offset + done, count: count)[...])
                done += UInt64(count)
            }
            return
        }
        #if os(Linux)
        let done = try copyInKernel(from: file, offset: offset, length: length)
        #else
        let done: UInt64 = 0
        #endif
        try copyThroughBuffer(from: file, offset: offset + done, length: length - done)
    }

    /// Flushes what was written to the storage device (`fsync`).
    public func sync() throws(BoxError) {
        guard fsync(descriptor) == 0 else { throw .system("sync", path) }
    }

    /// Flushes everything written to the file system this file is on, this file included, with
    /// one flush of the device (`syncfs(2)`); returns false where there is no such call (not
    /// Linux), having done nothing. Many files synced one by one cost a device flush each.
    public func syncFileSystem() throws(BoxError) -> Bool {
        #if os(Linux)
        guard let syncFileSystem = Self.syncFileSystemCall else { return false }
        guard syncFileSystem(descriptor) == 0 else { throw .system("sync", path) }
        return true
        #else
        return false
        #endif
    }

    /// Says the last write is done: frees the copy buffer, and starts writing what was written
    /// to the storage device without waiting for it, so that a later ``sync()`` finds little
    /// left to wait for (`sync_file_range(2)` with `SYNC_FILE_RANGE_WRITE` on Linux; nothing
    /// elsewhere). Never fails; a later write or copy still works.
    public func finishWriting() {
        buffer?.deallocate()
        buffer = nil
        #if os(Linux)
        _ = Self.syncFileRange?(descriptor, 0, 0, Self.syncFileRangeWrite)
        #endif
    }

    /// Moves past `count` bytes written at ``offset``, and says so to ``progress``.
    func advance(by count: UInt64) {
        offset += count
        bytesWritten += count
        progress?(bytesWritten)
    }

    /// Refuses a write that would end past the largest file offset, which `off_t` cannot hold.
    func checkRoom(at position: UInt64, count: UInt64) throws(BoxError) {
        let largest = UInt64(Int64.max)
        guard position <= largest, count <= largest - position else {
            throw .system("write", path, code: EFBIG)
        }
    }

    /// Writes all of `bytes` at `position`, retrying interrupted and short writes; returns the
    /// `errno` of a failure, or nil.
    func writeFully(_ bytes: UnsafeRawBufferPointer, at position: UInt64) -> Int32? {
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let written = pwrite(descriptor, base + done, bytes.count - done, off_t(position) + off_t(done))
            if written > 0 {
                done += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                // Writing nothing without an error would loop for ever; call it an I/O error.
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// Copies through the one reusable buffer: `pread` from the source, `pwrite` here.
    private func copyThroughBuffer(from source: FileByteSource, offset: UInt64, length: UInt64) throws(BoxError) {
        // The kernel copied it all: no buffer is allocated (it is megabytes).
        guard length > 0 else { return }
        let buffer = self.buffer ?? .allocate(byteCount: pieceSize, alignment: 16)
        self.buffer = buffer
        guard let base = buffer.baseAddress else {
            throw BoxError(.io("cannot copy '\(source.path)' to '\(path)': no copy buffer"), at: nil)
        }
        var done: UInt64 = 0
        while done < length {
            let count = Int(min(UInt64(buffer.count), length - done))
            let got = pread(source.fileDescriptor, base, count, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .system("read", source.path) }
            guard got > 0 else { throw sourceEndedEarly(source) }
            if let failure = writeFully(UnsafeRawBufferPointer(start: base, count: got), at: self.offset) {
                throw .system("write", path, code: failure)
            }
            done += UInt64(got)
            advance(by: UInt64(got))
        }
    }

    func sourceEndedEarly(_ source: FileByteSource) -> BoxError {
        BoxError(.io("cannot copy '\(source.path)' to '\(path)': source ended early"), at: nil)
    }

    #if os(Linux)
    private typealias CopyFileRange = @convention(c) (
        Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
    ) -> Int

    /// `copy_file_range(2)`, looked up at run time: Glibc's Swift module hides it (a GNU
    /// extension), and a C library older than the call lacks it.
    private static let copyFileRange: CopyFileRange? = dlsym(dlopen(nil, RTLD_NOW), "copy_file_range")
        .map { unsafeBitCast($0, to: CopyFileRange.self) }

    private typealias SyncFileSystem = @convention(c) (Int32) -> Int32

    /// `syncfs(2)`, looked up at run time like `copy_file_range`.
    private static let syncFileSystemCall: SyncFileSystem? = dlsym(dlopen(nil, RTLD_NOW), "syncfs")
        .map { unsafeBitCast($0, to: SyncFileSystem.self) }

    private typealias SyncFileRange = @convention(c) (Int32, off_t, off_t, UInt32) -> Int32

    /// `sync_file_range(2)`, looked up at run time like `copy_file_range`; offset 0 and length 0
    /// mean the whole file.
    private static let syncFileRange: SyncFileRange? = dlsym(dlopen(nil, RTLD_NOW), "sync_file_range")
        .map { unsafeBitCast($0, to: SyncFileRange.self) }
    /// `SYNC_FILE_RANGE_WRITE` of <fcntl.h>: start writing dirty pages back, do not wait.
    private static let syncFileRangeWrite: UInt32 = 2

    /// Copies in the kernel, at most ``copyStep`` bytes a step. Returns how far it got: all of
    /// `length`, or less when the kernel cannot copy between these files (kernel copying is
    /// then off) or copied nothing, which the buffered copy then tells apart from a source that
    /// really ended (some file systems copy nothing rather than refuse).
    private func copyInKernel(from source: FileByteSource, offset: UInt64, length: UInt64) throws(BoxError) -> UInt64 {
        guard usesKernelCopy, let copyFileRange = Self.copyFileRange else { return 0 }
        // Tells the kernel the source is read in order, as `cp` does: a larger read-ahead when
        // its pages are not cached. Once per source; a hint, so its failure changes nothing.
        if advisedSource !== source {
            _ = posix_fadvise(source.fileDescriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
            advisedSource = source
        }
        var done: UInt64 = 0
        while done < length {
            var from = off_t(offset + done)
            var to = off_t(self.offset)
            let copied = copyFileRange(source.fileDescriptor, &from, descriptor, &to, Int(min(copyStep, length - done)), 0)
            if copied > 0 {
                done += UInt64(copied)
                advance(by: UInt64(copied))
                continue
            }
            if copied == 0 { return done }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EXDEV, ENOSYS, EINVAL, EOPNOTSUPP:
                usesKernelCopy = false
                return done
            default:
                throw .system("copy '\(source.path)' to", path, code: code)
            }
        }
        return done
    }
    #endif
}
