#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

// Here rather than in `ISOBMFF`: the lock is the writers' protocol (`FileLock`), which a reader
// joins to keep an edit from changing the file under it.
extension FileByteSource {
    /// Opens `path` for reading and takes `lock` on it (see ``FileLock``), held until the
    /// source is released. The size is read once the lock is held, so it includes whatever the
    /// previous holder wrote; a path that another process replaced while this one waited is
    /// opened again, so the lock is always on the file the path names.
    public convenience init(path: String, lock: FileLock, onWait: (() -> Void)? = nil) throws(BoxError) {
        var attempts = 0
        while true {
            let fd = try Self.openForReading(path)
            do {
                try lock.acquire(on: fd, path: path, onWait: attempts == 0 ? onWait : nil)
            } catch {
                close(fd)
                throw error
            }
            var opened = stat(), named = stat()
            attempts += 1
            if fstat(fd, &opened) == 0, stat(path, &named) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino {
                try self.init(descriptor: fd, path: path)
                return
            }
            close(fd)
            guard attempts < 100 else {
                throw BoxError(.io("cannot open '\(path)': it keeps being replaced by another process"), at: nil)
            }
        }
    }
}
