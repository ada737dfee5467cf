import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a writing command is about to write, checked before anything is: the one place every
/// command applies the contract on outputs (DESIGN property 9). Only a regular file is ever
/// replaced, and only with `--overwrite`; a folder output must be a folder, and one that holds
/// anything is written into only with `--overwrite`. The library checks again, race-free, as it
/// renames (``ReplacementFile``); this check gives every command the same words first.
enum OutputTarget {
    /// A file the command writes whole.
    case file(String)
    /// A folder the command writes files into (created when missing).
    case folder(String)

    /// Refuses the target unless it may be written; `alternative` ends the advice of an
    /// existing output (`or --in-place to edit the source`).
    func check(overwrite: Bool, alternative: String? = nil) throws(CommandFailure) {
        var status = stat()
        // lstat(2): a link is judged as a link, never by what it points to.
        switch self {
        case .file(let path):
            guard lstat(path, &status) == 0 else { return }
            if (status.st_mode & S_IFMT) != S_IFREG {
                throw CommandFailure("'\(path)' exists and is not a regular file (a link, a FIFO, a device or a folder); Legible writes only regular files")
            }
            if !overwrite {
                throw CommandFailure("'\(path)' exists; use --overwrite to replace it" + (alternative.map { ", " + $0 } ?? ""))
            }
        case .folder(let path):
            guard lstat(path, &status) == 0 else { return }
            if (status.st_mode & S_IFMT) != S_IFDIR {
                throw CommandFailure("'\(path)' exists and is not a folder (a file, a link, a FIFO or a device); give a folder to write into")
            }
            if !overwrite, !Self.isEmptyFolder(path) {
                throw CommandFailure("the output folder '\(path)' is not empty; use --overwrite to replace files of the same name")
            }
        }
    }

    /// Whether `path` holds nothing but `.` and `..` (a folder that cannot be read is taken as
    /// not empty: the write that follows says why).
    private static func isEmptyFolder(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }
}
