#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ISOBMFF

extension FileByteSink {
    /// Copies the byte ranges `runs` of `source`, one after another, to the sink. Small runs
    /// that lie close together in the source (at most 64 KiB apart: the samples of
    /// a movie's other tracks interleaved between them) are read with one `pread` and written
    /// with one `pwrite`, because a kernel copy of each run of a few hundred bytes costs more in
    /// calls than in bytes; the others are copied as ``copy(from:offset:length:)`` copies them.
    public func copy(runs: [(offset: UInt64, length: UInt64)], from source: any ByteSource) throws(BoxError) {
        guard let file = source as? FileByteSource else {
            for run in runs { try copy(from: source, offset: run.offset, length: run.length) }
            return
        }
        func fitsInSource(_ run: (offset: UInt64, length: UInt64)) -> Bool {
            run.offset <= source.size && run.length <= source.size - run.offset
        }
        var first = runs.startIndex
        while first < runs.endIndex {
            let start = runs[first].offset
            var end = start.saturatingAdd(runs[first].length)
            var next = first + 1
            if runs[first].length <= Self.gatheredRunLimit && fitsInSource(runs[first]) {
                while next < runs.endIndex, fitsInSource(runs[next]), runs[next].length <= Self.gatheredRunLimit,
                      runs[next].offset >= end, runs[next].offset - end <= Self.gatherGap,
                      runs[next].offset + runs[next].length - start <= UInt64(pieceSize) {
                    end = runs[next].offset + runs[next].length
                    next += 1
                }
            }
            if next - first == 1 {
                try copy(from: source, offset: runs[first].offset, length: runs[first].length)
            } else {
                try copyGathered(runs[first..<next], span: start..<end, from: file)
            }
            first = next
        }
    }

    /// The most bytes between two runs that ``copy(runs:from:)`` reads along with them.
    package static let gatherGap: UInt64 = 64 << 10
    /// Runs longer than this are copied on their own (in the kernel where it can): above it, one
    /// kernel copy call costs less than moving the bytes twice through the buffer.
    package static let gatheredRunLimit: UInt64 = 32 << 10

    /// Reads `span` of `source` into the buffer, moves the bytes of `runs` (ascending, within
    /// `span`, which fits the buffer) to its front and writes them with one call.
    private func copyGathered(_ runs: ArraySlice<(offset: UInt64, length: UInt64)>, span: Range<UInt64>,
                              from source: FileByteSource) throws(BoxError) {
        let buffer = self.buffer ?? .allocate(byteCount: pieceSize, alignment: 16)
        self.buffer = buffer
        guard let base = buffer.baseAddress, span.count <= buffer.count else {
            throw BoxError(.io("cannot copy '\(source.path)' to '\(path)': no copy buffer"), at: nil)
        }
        var read = 0
        while read < span.count {
            let got = pread(source.fileDescriptor, base + read, span.count - read, off_t(span.lowerBound) + off_t(read))
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .system("read", source.path) }
            guard got > 0 else { throw sourceEndedEarly(source) }
            read += got
        }
        // Each run moves to a place at or before its own, so moving them in order never
        // overwrites a run not yet moved.
        var packed = 0
        for run in runs {
            let from = Int(run.offset - span.lowerBound), count = Int(run.length)
            if from != packed { memmove(base + packed, base + from, count) }
            packed += count
        }
        try checkRoom(at: offset, count: UInt64(packed))
        if let failure = writeFully(UnsafeRawBufferPointer(start: base, count: packed), at: offset) {
            throw .system("write", path, code: failure)
        }
        advance(by: UInt64(packed))
    }
}
