#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FileOutput
import ISOBMFF

/// Writes delivery output into a folder, each file through a `ReplacementFile` (a temporary
/// file renamed over the target once complete and synced), put in place in the order given by
/// a `ReplacementFileBatch` — segments before the playlists naming them — so a reader never
/// finds a half-written file or a playlist whose segments are not there yet.
public enum DeliveryFolder {
    /// What to do with files already in the folder.
    public enum Existing: Sendable {
        /// Refuse if the folder holds anything at all (HLS output owns its folder).
        case refuseNonEmptyFolder
        /// Refuse if a file to be written exists (HTML output goes beside other files).
        case refuseExistingFiles
        /// Replace files of the same name; other files are left alone.
        case overwrite
    }

    /// Creates `folder` if it does not exist (its parent must), then writes `files` into it.
    public static func write(_ files: [DeliveryFile], into folder: String, existing: Existing) throws(DeliveryError) {
        try makeFolder(folder)
        switch existing {
        case .refuseNonEmptyFolder:
            let entries = try names(in: folder)
            if !entries.isEmpty { throw .folderNotEmpty(folder: folder, entries: entries) }
        case .refuseExistingFiles:
            let clashes = files.map(\.name).filter { access(path(folder, $0), F_OK) == 0 }
            if !clashes.isEmpty { throw .filesExist(folder: folder, names: clashes) }
        case .overwrite:
            break
        }
        let batch = ReplacementFileBatch()
        do throws(BoxError) {
            for file in files {
                let output = try ReplacementFile(replacing: path(folder, file.name))
                try output.sink.write(Array(file.text.utf8)[...])
                try batch.add(output)
            }
            try batch.commitAll()
        } catch {
            throw .output(error)
        }
    }

    private static func path(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func makeFolder(_ folder: String) throws(DeliveryError) {
        if mkdir(folder, 0o777) == 0 { return }
        let code = errno
        var status = stat()
        guard code == EEXIST, stat(folder, &status) == 0 else { throw .output(.system("create folder", folder, code: code)) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .invalidParameter("\(folder) exists and is not a folder")
        }
    }

    /// The folder's entries but `.` and `..`, sorted.
    private static func names(in folder: String) throws(DeliveryError) -> [String] {
        guard let directory = opendir(folder) else { throw .output(.system("read folder", folder)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
