import Foundation
import Testing

/// What can be at an output path without being a regular file, made inside a test's own folder
/// (never a system path): a writer must refuse to replace any of them, and leave it as it was.
public enum SpecialFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fifo = "FIFO"
    case linkToFile = "symbolic link to a regular file"
    case danglingLink = "dangling symbolic link"
    case folder
    /// A character device with the numbers of the null device (1, 3), so that even a writer
    /// that wrongly opened it would write nowhere.
    case characterDevice = "character device"

    public var testDescription: String { rawValue }

    /// Makes it at `path`; a link's destination is `PATH.pointee` beside it (a regular file for
    /// ``linkToFile``, nothing for ``danglingLink``). Returns false when the system refuses
    /// (mknod(2) without the privilege), with the reason recorded as a warning.
    public func make(at path: String) throws -> Bool {
        switch self {
        case .fifo:
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        case .linkToFile:
            try Data("the file the link points to".utf8).write(to: URL(fileURLWithPath: path + ".pointee"))
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".pointee")
        case .danglingLink:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".pointee")
        case .folder:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("inside the folder".utf8).write(to: URL(fileURLWithPath: path + "/kept.txt"))
        case .characterDevice:
            // glibc's makedev(1, 3): (major << 8) | minor for numbers this small.
            guard mknod(path, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0 else {
                let reason = String(cString: strerror(errno))
                Issue.record("mknod of a character device in the test folder was refused (\(reason)); that case is not checked here",
                             severity: .warning)
                return false
            }
        }
        return true
    }

    /// What is at `path`, in enough detail to tell whether anything changed: the file type
    /// (lstat), a link's destination and what is there, a device's numbers, a folder's entries.
    public static func snapshot(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "nothing" }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "FIFO"
        case S_IFCHR: return "character device \(info.st_rdev)"
        case S_IFDIR:
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
            return "folder \(names)"
        case S_IFLNK:
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            let content = (try? Data(contentsOf: URL(fileURLWithPath: destination))).map { String(decoding: $0, as: UTF8.self) }
            return "link to \(destination), holding \(content ?? "nothing")"
        case S_IFREG:
            let content = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            return "regular file of \(content.count) bytes: \(String(decoding: content.prefix(64), as: UTF8.self))"
        default: return "mode \(info.st_mode)"
        }
    }
}
