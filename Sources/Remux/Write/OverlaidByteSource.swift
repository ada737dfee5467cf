import ISOBMFF

/// A file as it will be once some writes still to come are made: its bytes, with each write's
/// bytes read in their place. An in-place edit checks the movie it is about to make visible
/// through it (``WrittenMovieCheck``) before the write that makes it so, while undoing is
/// still possible. The writes lie within the file; none runs past its end.
struct OverlaidByteSource: ByteSource {
    /// Bytes still to be written, and where.
    struct Write: Sendable {
        var offset: UInt64
        var bytes: [UInt8]
    }

    let base: any ByteSource
    /// In the order they will be made: a later write wins where two overlap.
    let writes: [Write]

    var size: UInt64 { base.size }

    func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
        var bytes = try base.read(at: offset, count: count)
        let end = offset.saturatingAdd(UInt64(bytes.count))
        for write in writes {
            let writeEnd = write.offset.saturatingAdd(UInt64(write.bytes.count))
            let start = max(offset, write.offset), stop = min(end, writeEnd)
            guard start < stop else { continue }
            let from = Int(start - write.offset), to = Int(start - offset), length = Int(stop - start)
            bytes.replaceSubrange(to..<to + length, with: write.bytes[from..<from + length])
        }
        return bytes
    }
}
