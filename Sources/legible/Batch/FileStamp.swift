#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one version of a file: its device and inode (the file, whatever path names
/// it) and its size and modification time (this version of it). The batch records the stamp of
/// every output it writes, so it can later tell its own output, untouched, from a file that
/// someone else put (or changed) at that path.
struct FileStamp: Sendable, Hashable, Codable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    /// Nanoseconds since 1970.
    var modified: Int64

    /// The stamp of the regular file at `path` (following links), or nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = UInt64(status.st_size)
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether two stamps are of the same file, in whatever version.
    func isSameFile(as other: FileStamp) -> Bool { device == other.device && inode == other.inode }

    /// `DEVICE:INODE:SIZE:MODIFIED`, one string in the log, exact whatever the numbers.
    var text: String { "\(device):\(inode):\(size):\(modified)" }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: ":")
        guard parts.count == 4, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), let size = UInt64(parts[2]),
              let modified = Int64(parts[3]) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a file stamp"))
        }
        (self.device, self.inode, self.size, self.modified) = (device, inode, size, modified)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
