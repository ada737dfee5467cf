#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

/// The output of a full rewrite: a new file written beside the target and put in its place only
/// when complete, so the old file stays whole until then and a crash never leaves half a file.
///
/// On Linux the new file has no name until ``commit()`` (`O_TMPFILE`), so even `kill -9` leaves
/// nothing behind; elsewhere, or where the file system cannot do that, it is a hidden
/// `.NAME.legible-XXXXXX` beside the target. Write through ``sink``, then ``commit()`` or
/// ``discard()``; a file dropped without either is discarded.
///
/// Only a regular file is ever replaced: a target that is a symbolic link (dangling or not), a
/// FIFO, a device or a folder is refused before anything is written and again at the rename, so
/// the rename can never put a file where a link or a device node was.
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

    /// Whether an existing regular file at the target may be replaced; without it, a target
    /// that exists (or appears while the new file is written) is an error and stays as it is.
    public let replacesExisting: Bool

    /// Creates the new file in `targetPath`'s folder (the target need not exist). A target that
    /// exists must be a regular file, and is replaced only with `replacingExisting`.
    public convenience init(replacing targetPath: String, replacingExisting: Bool = true) throws(BoxError) {
        try self.init(replacing: targetPath, replacingExisting: replacingExisting, allowingUnnamed: true)
    }

    /// `allowingUnnamed: false` always makes a named temporary file, so tests cover that path on
    /// Linux too.
    package init(replacing targetPath: String, replacingExisting: Bool = true, allowingUnnamed: Bool) throws(BoxError) {
        try Self.checkTarget(targetPath, replacingExisting: replacingExisting)
        let slash = targetPath.lastIndex(of: "/")
        let folder = slash.map { $0 == targetPath.startIndex ? "/" : String(targetPath[..<$0]) } ?? "."
        let name = slash.map { String(targetPath[targetPath.index(after: $0)...]) } ?? targetPath
        let hiddenPrefix = (slash.map { String(targetPath[...$0]) } ?? "") + Self.temporaryNamePrefix(forTargetName: name)
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
        self.replacesExisting = replacingExisting
        self.folder = folder
        self.hiddenPrefix = hiddenPrefix
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
        sink = FileByteSink(descriptor: descriptor, path: targetPath)
    }

    /// The start of the hidden temporary names made beside a target called `name`:
    /// `.NAME.legible-`, followed by six letters. A name too long for that within the file
    /// system's 255-byte limit is shortened (on a character boundary), so every name that can
    /// be a target can have a temporary file beside it.
    public static func temporaryNamePrefix(forTargetName name: String) -> String {
        let suffix = ".legible-"
        let room = 255 - 1 - suffix.utf8.count - 6
        var kept = Substring(name)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return "." + kept + suffix
    }

    /// Whether `name` is one of the temporary names ``temporaryNamePrefix(forTargetName:)`` gives
    /// for a target called `targetName`: what a write killed before its rename leaves behind.
    public static func isTemporaryName(_ name: String, forTargetName targetName: String) -> Bool {
        let prefix = temporaryNamePrefix(forTargetName: targetName)
        return name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6
    }

    /// Refuses a target that is not a regular file, or that exists when it may not be replaced.
    /// `lstat(2)`, not `stat`: a link is judged as a link, never by what it points to.
    private static func checkTarget(_ targetPath: String, replacingExisting: Bool) throws(BoxError) {
        var info = stat()
        guard lstat(targetPath, &info) == 0 else {
            guard errno == ENOENT else { throw .system("write", targetPath) }
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw BoxError(.io("cannot write '\(targetPath)': it is \(Self.kind(of: info.st_mode)), not a regular file; only regular files are replaced"),
                           at: nil)
        }
        guard replacingExisting else {
            throw BoxError(.io("cannot write '\(targetPath)': it exists"), at: nil)
        }
    }

    /// What a file type is, in words.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    deinit { discard() }

    /// Whether the new file has no name yet (`O_TMPFILE`), for tests.
    package var isUnnamed: Bool { descriptor >= 0 && temporaryPath == nil }

    /// What has been written to the new file so far, read through a descriptor of its own: for
    /// a writer that reads its output back before ``commit()``.
    package func writtenContents() throws(BoxError) -> FileByteSource {
        guard descriptor >= 0 else {
            throw BoxError(.io("cannot read back '\(targetPath)': the new file was already committed or discarded"), at: nil)
        }
        return try FileByteSource(duplicating: descriptor, path: temporaryPath ?? targetPath)
    }

    /// Puts the new file in the target's place: syncs it, names it, and renames it over the
    /// target (or, when it may not replace one, links it there, which fails if the target has
    /// appeared meanwhile), then syncs the folder, so the rename survives a crash too. The
    /// target is checked again first (still a regular file) and locked exclusively for the
    /// rename, which waits for an in-place edit of it to finish. On failure the new file is
    /// removed and the target left as it was.
    public func commit() throws(BoxError) {
        try commitLeavingFolderUnsynced()
        Self.syncFolder(folder)
    }

    /// ``commit()`` but for the folder's sync: for a ``ReplacementFileBatch``, which syncs each
    /// folder once after its last rename; `dataSynced` when the batch has synced the file's
    /// data already (``FileByteSink/syncFileSystem()``).
    func commitLeavingFolderUnsynced(dataSynced: Bool = false) throws(BoxError) {
        guard descriptor >= 0 else {
            throw BoxError(.io("cannot replace '\(targetPath)': the new file was already committed or discarded"), at: nil)
        }
        do throws(BoxError) {
            if !dataSynced { try sink.sync() }
            if replacesExisting {
                try renameOverTarget()
            } else {
                try linkAsTarget()
            }
        } catch {
            discard()
            throw error
        }
    }

    /// The folder the new file is made in: where its name goes.
    var folderPath: String { folder }

    /// Syncs `folder`, so the renames in it survive a crash. The files are in place already, so
    /// a folder that cannot be synced is no reason to fail.
    static func syncFolder(_ folder: String) {
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Names the new file (if it has no name), checks and locks the target, and renames.
    private func renameOverTarget() throws(BoxError) {
        if temporaryPath == nil {
            // linkat(2) cannot replace a file, so the new file gets a fresh name first and is
            // renamed over the target from there.
            let source = "/proc/self/fd/\(descriptor)"
            temporaryPath = try Self.claimName(hiddenPrefix, in: folder) { path in
                linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
            }
        }
        try closeNewFile()
        try Self.checkTarget(targetPath, replacingExisting: true)
        let lock = open(targetPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 {
            var info = stat()
            guard fstat(lock, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw BoxError(.io("cannot write '\(targetPath)': it is not a regular file; only regular files are replaced"), at: nil)
            }
            try FileLock.exclusive.acquire(on: lock, path: targetPath, onWait: nil)
        }
        guard let temporaryPath, rename(temporaryPath, targetPath) == 0 else { throw .system("replace", targetPath) }
        self.temporaryPath = nil
    }

    /// Gives the new file the target's name with link(2), which never replaces an existing
    /// file. A file system without hard links gets a checked rename instead.
    private func linkAsTarget() throws(BoxError) {
        let source = temporaryPath ?? "/proc/self/fd/\(descriptor)"
        if linkat(AT_FDCWD, source, AT_FDCWD, targetPath, AT_SYMLINK_FOLLOW) == 0 {
            try closeNewFile()
            if let temporaryPath { unlink(temporaryPath) }
            temporaryPath = nil
            return
        }
        let code = errno
        guard [EPERM, EOPNOTSUPP, ENOSYS, EMLINK].contains(code) else {
            throw code == EEXIST ? BoxError(.io("cannot write '\(targetPath)': it appeared while the new file was being written"), at: nil)
                                 : .system("create", targetPath, code: code)
        }
        if temporaryPath == nil {
            // Without hard links there is no naming an O_TMPFILE file: this file system did
            // not make one (O_TMPFILE needs link support), so a named file is what we have.
            throw .system("create", targetPath, code: code)
        }
        try closeNewFile()
        try Self.checkTarget(targetPath, replacingExisting: false)
        guard let temporaryPath, rename(temporaryPath, targetPath) == 0 else { throw .system("create", targetPath) }
        self.temporaryPath = nil
    }

    private func closeNewFile() throws(BoxError) {
        let closed = close(descriptor)
        descriptor = -1
        sink.detach()
        guard closed == 0 else { throw BoxError.system("close", targetPath) }
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

    /// Calls `create` with fresh names `PREFIX` + six letters until one is free, and returns the
    /// name it took. `PREFIX` (the folder and ``temporaryNamePrefix(forTargetName:)``) already
    /// ends in `.legible-` and leaves room for exactly six letters within 255 bytes: the names
    /// ``isTemporaryName(_:forTargetName:)`` recognises, so `batch` can clear them.
    private static func claimName(_ prefix: String, in folder: String,
                                  _ create: (String) -> Bool) throws(BoxError) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var code = EEXIST
        // 62^6 names: a hundred taken in a row means something else is wrong.
        for _ in 0..<100 {
            // One random number for the six letters: one system call per name, not six.
            var bits = UInt64.random(in: 0...UInt64.max)
            let path = prefix + String((0..<6).map { _ in
                defer { bits /= UInt64(letters.count) }
                return letters[Int(bits % UInt64(letters.count))]
            })
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
