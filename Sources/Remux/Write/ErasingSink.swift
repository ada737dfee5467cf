import ISOBMFF

/// A sink that writes zeros over some ranges of what passes through it: a layout's
/// ``MovieLayout/erasures`` (removed tracks' samples, the `moof`s between `mdat`s made one),
/// written in the same pass as the copy, in order. Overwriting them once the copy is done wrote
/// each of those pages twice, the second time often after the kernel had started writing it
/// back: a `pwrite` per fragment, and a page per fragment written to the disk again.
struct ErasingSink<Base: ByteSink>: ByteSink {
    var base: Base
    /// The output ranges written as zeros, counted from the first byte written here: sorted,
    /// none touching another.
    let erasures: [Range<UInt64>]
    /// Bytes passed on so far: where the next one lands.
    private(set) var position: UInt64 = 0
    /// The first erasure that does not end at or before ``position``.
    private var next = 0

    init(_ base: Base, erasing erasures: [Range<UInt64>]) {
        self.base = base
        self.erasures = ByteRangeSet(erasures).ranges
    }

    mutating func write(_ bytes: ArraySlice<UInt8>) throws(BoxError) {
        var rest = bytes
        while let erasure = nextErasure(before: UInt64(rest.count)) {
            let from = rest.startIndex + Int(erasure.lowerBound - position)
            let to = rest.startIndex + Int(erasure.upperBound - position)
            rest.replaceSubrange(from..<to, with: repeatElement(0, count: to - from))
            try base.write(rest[..<to])
            position += UInt64(to - rest.startIndex)
            rest = rest[to...]
        }
        try base.write(rest)
        position += UInt64(rest.count)
    }

    mutating func copy(from source: any ByteSource, offset: UInt64, length: UInt64) throws(BoxError) {
        var done: UInt64 = 0
        while done < length {
            guard let erasure = nextErasure(before: length - done) else {
                try base.copy(from: source, offset: offset + done, length: length - done)
                position += length - done
                return
            }
            let copied = erasure.lowerBound - position
            if copied > 0 { try base.copy(from: source, offset: offset + done, length: copied) }
            position += copied
            let zeros = erasure.upperBound - position
            try writeZeros(zeros)
            done += copied + zeros
        }
    }

    mutating func copy(runs: [(offset: UInt64, length: UInt64)], from source: any ByteSource) throws(BoxError) {
        let total = runs.reduce(0) { $0 + $1.length }
        guard nextErasure(before: total) == nil else {
            for run in runs { try copy(from: source, offset: run.offset, length: run.length) }
            return
        }
        try base.copy(runs: runs, from: source)
        position += total
    }

    /// The part of the next erasure within the `count` bytes from ``position``, clamped to them
    /// (never empty); nil when none starts before they end.
    private mutating func nextErasure(before count: UInt64) -> Range<UInt64>? {
        while next < erasures.count, erasures[next].upperBound <= position { next += 1 }
        guard count > 0, next < erasures.count, erasures[next].lowerBound < position + count else { return nil }
        return max(erasures[next].lowerBound, position)..<min(erasures[next].upperBound, position + count)
    }

    private mutating func writeZeros(_ count: UInt64) throws(BoxError) {
        var left = count
        while left > 0 {
            let step = min(left, UInt64(erasedBytes.count))
            try base.write(erasedBytes[..<Int(step)])
            position += step
            left -= step
        }
    }
}

/// The zeros an ``ErasingSink`` writes from, a slice at a time: an erasure per fragment is not an
/// allocation each.
private let erasedBytes = [UInt8](repeating: 0, count: 64 << 10)
