/// Several sources read as one, each part's bytes following the previous part's: how a DASH
/// client reads an initialization segment and the media segments after it (ISO/IEC 23009-1
/// §6.3: their concatenation is a conforming file), so offsets are offsets in the whole.
public struct ConcatenatedByteSource: ByteSource {
    /// The parts, in order.
    public let parts: [any ByteSource]
    /// Where each part starts in the whole: 0 for the first, then the sum of the sizes before.
    public let starts: [UInt64]
    public let size: UInt64

    /// The parts read one after the other; throws when their sizes add up past `UInt64.max`.
    public init(_ parts: [any ByteSource]) throws(BoxError) {
        var starts: [UInt64] = []
        var total: UInt64 = 0
        for part in parts {
            starts.append(total)
            let (sum, overflow) = total.addingReportingOverflow(part.size)
            guard !overflow else {
                throw BoxError(.invalidSize("the parts' sizes add up to more than \(UInt64.max) bytes"), at: nil)
            }
            total = sum
        }
        self.parts = parts
        self.starts = starts
        size = total
    }

    /// The part holding byte `offset` of the whole, and the offset in that part; the end of the
    /// whole is the end of the last part. Nil past the end.
    public func part(containing offset: UInt64) -> (index: Int, offset: UInt64)? {
        if offset == size, let last = parts.indices.last { return (last, parts[last].size) }
        guard let index = parts.indices.first(where: { offset >= starts[$0] && offset - starts[$0] < parts[$0].size }) else {
            return nil
        }
        return (index, offset - starts[index])
    }

    /// The pieces of the parts that bytes `offset..<offset + length` of the whole are, in order:
    /// a copy of a range copies each piece from its own source.
    public func pieces(at offset: UInt64, length: UInt64) throws(BoxError) -> [(source: any ByteSource, offset: UInt64, length: UInt64)] {
        guard offset <= size, length <= size - offset else {
            throw BoxError(.truncated(needed: length, available: size - min(offset, size)), at: BoxLocation(path: "", offset: offset))
        }
        var pieces: [(source: any ByteSource, offset: UInt64, length: UInt64)] = []
        let end = offset + length
        for (part, start) in zip(parts, starts) where part.size > 0 && start < end && start + part.size > offset {
            let from = max(offset, start)
            pieces.append((part, from - start, min(end, start + part.size) - from))
        }
        return pieces
    }

    public func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
        guard count >= 0 else {
            throw BoxError(.truncated(needed: 0, available: size - min(offset, size)), at: BoxLocation(path: "", offset: offset))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for piece in try pieces(at: offset, length: UInt64(count)) {
            bytes += try piece.source.read(at: piece.offset, count: Int(piece.length))
        }
        return bytes
    }
}
