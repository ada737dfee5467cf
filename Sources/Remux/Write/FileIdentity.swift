#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's device and inode: two paths name the same file when these match (a link, `./x`
/// and `x`), which comparing the path strings would miss.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// Nil when nothing is at `path`.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
