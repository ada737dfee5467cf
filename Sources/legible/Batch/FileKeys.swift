#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every name by which a batch can recognise one file a job names, whether or not it exists
/// yet: its absolute path with `.`, `..` and repeated slashes resolved (`out/a.mov`,
/// `./out/../out/a.mov`), the same with its folder's links resolved, and, once the file exists,
/// its device and inode (a link to it, a path through another mount). Two paths name one file
/// when their keys meet; an output another job will write is matched by path before it exists.
struct FileKeys: Sendable {
    var keys: Set<String>
    /// Whether a regular file is at the path now.
    var exists: Bool

    /// The keys of `path`: absolute (``JobFiles/resolve(_:in:)``), or relative to the current
    /// directory (`--log`).
    init(path: String) {
        let standard = Self.standardized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        var keys: Set<String> = ["path:" + standard]
        if let stamp = FileStamp(path: standard) {
            keys.insert("file:\(stamp.device):\(stamp.inode)")
            exists = true
        } else {
            // Not there yet: its folder may be, reached through a link.
            let slash = standard.lastIndex(of: "/") ?? standard.startIndex
            let folder = slash == standard.startIndex ? "/" : String(standard[..<slash])
            if let resolved = realpath(folder, nil) {
                let real = String(cString: resolved)
                free(resolved)
                keys.insert("path:" + (real == "/" ? "" : real) + standard[slash...])
            }
            exists = false
        }
        self.keys = keys
    }

    /// Whether the two name one file.
    func meets(_ other: FileKeys) -> Bool { !keys.isDisjoint(with: other.keys) }

    /// `path` (absolute) with empty and `.` components dropped and each `..` taking the
    /// component before it away, as POSIX resolves them when no link is involved; `..` at the
    /// root stays at the root.
    static func standardized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
