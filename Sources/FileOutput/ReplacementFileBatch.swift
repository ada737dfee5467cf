import Dispatch
import ISOBMFF

/// Many new files put in place in the order they were written, their syncs done on another
/// thread while the next files are written, several at a time: what a packager writing
/// thousands of segments needs to run at the speed of a copy rather than stop at every file for
/// the storage device.
///
/// Each ``ReplacementFile`` added starts its writeback at once (``FileByteSink/finishWriting()``).
/// One serial worker commits the files waiting, in the order added: it syncs them together —
/// one `syncfs(2)` on Linux (``FileByteSink/syncFileSystem()``), which costs one flush of the
/// device where an `fsync` each would cost one per file; one `fsync` each elsewhere — then
/// renames each into place; each folder is synced once, after the last rename in it
/// (``commitAll()``). At most ``window`` files wait (each holds an open descriptor):
/// ``add(_:)`` waits for room. What each file guarantees is unchanged: it appears whole under
/// its name or not at all, never before the files added earlier. After a failed commit the
/// later files are discarded and the next ``add(_:)`` or ``commitAll()`` throws the failure.
public final class ReplacementFileBatch: @unchecked Sendable {
    /// How many written files may wait for their commit.
    public let window: Int
    private let worker = DispatchQueue(label: "legible.replacement-file-batch")
    private let room: DispatchSemaphore
    /// Guards `failure` and `waiting`, which the adding thread and the worker share.
    private let state = DispatchQueue(label: "legible.replacement-file-batch.state")
    private var failure: BoxError?
    private var waiting: [ReplacementFile] = []
    /// The folders renames went into, touched only on `worker`.
    private var renamedFolders: Set<String> = []

    /// A batch in which at most `window` written files wait for their commit.
    public init(window: Int = 32) {
        self.window = max(window, 1)
        room = DispatchSemaphore(value: self.window)
    }

    /// Takes `file`, written in full, to be committed after the files added before it. The
    /// batch owns the file from now on: the caller no longer writes to it.
    public func add(_ file: ReplacementFile) throws(BoxError) {
        try throwFailure()
        file.sink.finishWriting()
        room.wait()
        let handed = HandedFile(file: file)
        state.sync { waiting.append(handed.file) }
        worker.async { self.commitWaiting() }
    }

    /// Waits until every file added is committed, in order, then syncs the folders they went
    /// into; throws the first failure.
    public func commitAll() throws(BoxError) {
        let folders = worker.sync { () -> Set<String> in
            defer { renamedFolders.removeAll() }
            return renamedFolders
        }
        try throwFailure()
        for folder in folders.sorted() { ReplacementFile.syncFolder(folder) }
    }

    /// Commits every file waiting (none when an earlier call took them): on `worker`.
    private func commitWaiting() {
        let files = state.sync { () -> [ReplacementFile] in
            defer { waiting.removeAll() }
            return waiting
        }
        defer { for _ in files { room.signal() } }
        guard !files.isEmpty else { return }
        guard state.sync(execute: { failure }) == nil else { return files.forEach { $0.discard() } }
        var index = 0
        do throws(BoxError) {
            // One file: its own fsync is one flush too, and waits for nobody else's data.
            let synced = files.count > 1 ? try files[0].sink.syncFileSystem() : false
            while index < files.count {
                try files[index].commitLeavingFolderUnsynced(dataSynced: synced)
                renamedFolders.insert(files[index].folderPath)
                index += 1
            }
        } catch {
            for later in files[index...] { later.discard() }
            state.sync { failure = error }
        }
    }

    private func throwFailure() throws(BoxError) {
        if let failure = state.sync(execute: { self.failure }) { throw failure }
    }

    /// A file handed to the worker thread: the batch is its only user from then on.
    private struct HandedFile: @unchecked Sendable {
        let file: ReplacementFile
    }
}
