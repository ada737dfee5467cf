import ISOBMFF

/// Buffered positional reads of a `ByteSource` for a reader walking frame after frame: one read
/// of a window fetches many small headers, and memory stays one window whatever the file's length.
struct SourceWindow {
    let source: any ByteSource
    private var buffer: [UInt8] = []
    private var bufferStart: UInt64 = 0
    private static let windowSize = 1 << 18

    init(_ source: any ByteSource) { self.source = source }

    var size: UInt64 { source.size }

    /// The `count` bytes at `offset`, or fewer when the file ends first.
    mutating func bytes(at offset: UInt64, upTo count: Int) throws(ElementaryStreamError) -> ArraySlice<UInt8> {
        guard offset < size else { return [] }
        let available = Int(min(UInt64(count), size - offset))
        let bufferEnd = bufferStart + UInt64(buffer.count)
        if offset < bufferStart || offset + UInt64(available) > bufferEnd {
            let length = Int(min(UInt64(max(available, Self.windowSize)), size - offset))
            do {
                buffer = try source.read(at: offset, count: length)
            } catch {
                throw ElementaryStreamError(.io, "cannot read: \(error)", at: offset)
            }
            bufferStart = offset
        }
        let start = Int(offset - bufferStart)
        return buffer[start..<start + available]
    }

    /// Exactly `count` bytes at `offset`; a file that ends first is a `truncated` error naming `what`.
    mutating func exactly(_ count: Int, at offset: UInt64, _ what: String) throws(ElementaryStreamError) -> ArraySlice<UInt8> {
        let bytes = try bytes(at: offset, upTo: count)
        guard bytes.count == count else {
            throw ElementaryStreamError(.truncated, "\(what) is cut short: \(bytes.count) bytes of \(count)", at: offset)
        }
        return bytes
    }
}
