#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

extension BoxError {
    /// A failed system call on a file: `cannot ACTION 'PATH': REASON`, the reason being the C
    /// library's text for `code` (by default the current `errno`). Such a problem concerns the
    /// file as a whole, so it has no box location.
    package static func system(_ action: String, _ path: String, code: Int32 = errno) -> BoxError {
        BoxError(.io("cannot \(action) '\(path)': \(String(cString: strerror(code)))"), at: nil)
    }
}
