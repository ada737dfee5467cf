#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output for output too large to build as one string (box dumps):
/// text is flushed in 64 KiB blocks, and by ``flush()`` at the end.
struct StandardOutput: TextSink {
    private var buffer: [UInt8] = []
    private static let blockSize = 64 << 10

    init() { buffer.reserveCapacity(Self.blockSize) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.blockSize { flush() }
    }

    mutating func flush() {
        _ = writeAll(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}
