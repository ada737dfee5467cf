#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The output of a full rewrite: a new file written beside the target and put in its place only
/// when complete, so the old file stays whole until then and a crash never leaves half a file.
///
/// On Linux the new file has no name until ``commit()`` (`O_TMPFILE`), so even `kill -9` leaves
/// nothing behind; elsewhere, or where the file system cannot do that, it is a hidden
/// `.NAME.legible-XXXXXX` beside the target. Write through ``sink``, then ``commit()`` or
/// ``discard()``; a file dropped without either is discarded.
public final class ReplacementFile {
    /// The file this one replaces.
    public let targetPath: String
    /// Where the new content goes; not to be used after ``commit()`` or ``discard()``.
    public let sink: FileByteSink

    /// The target's folder: where the new file is made, and what errors name.
    private let folder: String
    /// `FOLDER/.NAME`, which temporary names extend with `.legible-XXXXXX`.
    private let hiddenPrefix: String
    /// The new file's descriptor, -1 once closed.
    private var descriptor: Int32
    /// The new file's current name, while it has one that is not the target's.
    private var temporaryPath: String?

    /// Creates the new file in `targetPath`'s folder (the target need not exist).
    public convenience init(replacing targetPath: String) throws(BoxError) {
        try self.init(replacing: targetPath, allowingUnnamed: true)
    }

    /// `allowingUnnamed: false` always makes a named temporary file, so tests cover that path on
    /// Linux too.
    package init(replacing targetPath: String, allowingUnnamed: Bool) throws(BoxError) {
        let slash = targetPath.lastIndex(of: "/")
        let folder = slash.map { $0 == targetPath.startIndex ? "/" : String(targetPath[..<$0]) } ?? "."
        let name = slash.map { targetPath[targetPath.index(after: $0)...] } ?? targetPath[...]
        let hiddenPrefix = (slash.map { String(targetPath[...$0]) } ?? "") + "." + name
        // An ordinary document: 0666 less the umask, which open(2) takes off itself.
        let mode: mode_t = 0o666
        var descriptor: Int32 = -1
        var temporaryPath: String?
        #if os(Linux)
        if allowingUnnamed {
            descriptor = open(folder, Self.unnamedFileFlags, mode)
            let code = errno
            // Old kernels and some file systems refuse O_TMPFILE with one of these.
            if descriptor < 0 && ![EOPNOTSUPP, EISDIR, EINVAL].contains(code) {
                throw Self.creationFailure(in: folder, code: code)
            }
        }
        #endif
        if descriptor < 0 {
            temporaryPath = try Self.claimName(hiddenPrefix, in: folder) { path in
                descriptor = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, mode)
                return descriptor >= 0
            }
        }
        self.targetPath = targetPath
        self.folder = folder
        self.hiddenPrefix = hiddenPrefix
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
        sink = FileByteSink(descriptor: descriptor, path: targetPath)
    }

    deinit { discard() }

    /// Whether the new file has no name yet (`O_TMPFILE`), for tests.
    package var isUnnamed: Bool { descriptor >= 0 && temporaryPath == nil }

    /// Puts the new file in the target's place: syncs it, names it if it has no name yet, renames
    /// it over the target and syncs the folder, so the rename survives a crash too. On failure
    /// the new file is removed and the target left as it was.
    public func commit() throws(BoxError) {
        guard descriptor >= 0 else {
            throw BoxError(.io("cannot replace '\(targetPath)': the new file was already committed or discarded"), at: nil)
        }
        do throws(BoxError) {
            try sink.sync()
            if temporaryPath == nil {
                // linkat(2) cannot replace a file, so the new file gets a fresh name first and is
                // renamed over the target from there.
                let source = "/proc/self/fd/\(descriptor)"
                temporaryPath = try Self.claimName(hiddenPrefix, in: folder) { path in
                    linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
                }
            }
            let closed = close(descriptor)
            descriptor = -1
            sink.detach()
            guard closed == 0 else { throw BoxError.system("close", targetPath) }
            guard let temporaryPath, rename(temporaryPath, targetPath) == 0 else {
                throw BoxError.system("replace", targetPath)
            }
            self.temporaryPath = nil
        } catch {
            discard()
            throw error
        }
        // The file is in place already, so a folder that cannot be synced is no reason to fail.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Closes and removes the new file, leaving the target as it was. Doing it again, or after
    /// ``commit()``, does nothing.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
            sink.detach()
        }
        if let temporaryPath {
            unlink(temporaryPath)
            self.temporaryPath = nil
        }
    }

    /// Calls `create` with fresh names `PREFIX.legible-XXXXXX` until one is free, and returns the
    /// name it took.
    private static func claimName(_ prefix: String, in folder: String,
                                  _ create: (String) -> Bool) throws(BoxError) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var code = EEXIST
        // 62^6 names: a hundred taken in a row means something else is wrong.
        for _ in 0..<100 {
            let path = prefix + ".legible-" + String((0..<6).map { _ in letters.randomElement()! })
            if create(path) { return path }
            code = errno
            if code != EEXIST { break }
        }
        throw creationFailure(in: folder, code: code)
    }

    private static func creationFailure(in folder: String, code: Int32) -> BoxError {
        .system("create a temporary file in", folder, code: code)
    }

    #if os(Linux)
    /// `O_TMPFILE | O_RDWR | O_CLOEXEC`. Glibc's Swift module hides O_TMPFILE (a GNU
    /// extension); <fcntl.h> defines it as __O_TMPFILE, 0o20000000 on every architecture Swift
    /// runs on, plus O_DIRECTORY.
    private static let unnamedFileFlags: Int32 = 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC
    #endif
}
