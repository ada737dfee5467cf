/// A source with one range of it held in memory: reads inside the range are served from it,
/// others go to the source. The index walk reads a container that the parser would read whole
/// (`Limits/wholeReadSize`) once, then its headers from memory: a `moof` costs one read, not one
/// per box.
struct BufferedByteSource: ByteSource {
    let base: any ByteSource
    let start: UInt64
    let bytes: [UInt8]

    /// `count` bytes of `base` at `offset`, held.
    init(_ base: any ByteSource, at offset: UInt64, count: Int) throws(BoxError) {
        self.base = base
        start = offset
        bytes = try base.read(at: offset, count: count)
    }

    var size: UInt64 { base.size }

    func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
        guard offset >= start, count >= 0, offset - start <= UInt64(bytes.count),
              UInt64(count) <= UInt64(bytes.count) - (offset - start) else { return try base.read(at: offset, count: count) }
        let from = Int(offset - start)
        return Array(bytes[from..<from + count])
    }
}
