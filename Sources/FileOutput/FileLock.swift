#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

/// An advisory lock on a whole file (`flock(2)`, on Linux and macOS alike), so that two Legible
/// processes never edit one file at once: an in-place edit holds it exclusively from before it
/// reads the movie until its last write, a copy holds its source shared while it reads, and a
/// replacement takes the target's exclusively for the moment of its rename.
///
/// The lock belongs to an open file description: it is released when the descriptor closes
/// (or the process ends, however it ends), so a killed edit never leaves a file locked.
public enum FileLock: Sendable {
    /// Readers share; an editor excludes everyone.
    case shared, exclusive

    /// Takes the lock on `descriptor`, waiting for whoever holds a conflicting one. `onWait` is
    /// called once, before waiting, when the lock is not free at once.
    package func acquire(on descriptor: Int32, path: String, onWait: (() -> Void)?) throws(BoxError) {
        let operation = self == .shared ? LOCK_SH : LOCK_EX
        if flock(descriptor, operation | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK || errno == EINTR else { return try Self.unsupported(path: path) }
        onWait?()
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else { return try Self.unsupported(path: path) }
        }
    }

    /// A file system without locks (some network shares answer ENOLCK or EOPNOTSUPP) still lets
    /// a single editor work; anything else is an error.
    private static func unsupported(path: String) throws(BoxError) {
        let code = errno
        guard code == ENOLCK || code == EOPNOTSUPP || code == ENOSYS else { throw .system("lock", path, code: code) }
    }
}
