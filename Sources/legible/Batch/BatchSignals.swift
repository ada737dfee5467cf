#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, held for the batch to notice between events: blocked in the batch (so
/// they wait, pending, instead of killing it), unblocked in every child. No handler runs, so
/// nothing happens at an awkward moment; the run loop asks ``takePending()`` each turn.
enum BatchSignals {
    static var handled: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Blocks the signals; returns the mask to restore.
    static func block() -> sigset_t {
        var set = handled
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        return previous
    }

    static func restore(_ mask: sigset_t) {
        var mask = mask
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }

    /// The handled signal that is pending, consumed; nil when none is.
    static func takePending() -> Int32? {
        var pending = sigset_t()
        sigpending(&pending)
        var set = handled
        guard sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 else { return nil }
        var signal: Int32 = 0
        sigwait(&set, &signal)
        return signal
    }
}
