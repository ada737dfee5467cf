/// Reads big-endian bit fields (MSB first) from a frame header, as the syntax tables of
/// ISO/IEC 14496-3 and ETSI TS 102 366 are written.
struct BitReader {
    private let bytes: ArraySlice<UInt8>
    private var bitIndex = 0
    /// The file offset of the first byte, for errors.
    let baseOffset: UInt64

    init(_ bytes: ArraySlice<UInt8>, baseOffset: UInt64) {
        self.bytes = bytes
        self.baseOffset = baseOffset
    }

    /// The bits read so far.
    var position: Int { bitIndex }

    /// The next `count` bits (at most 32) as an unsigned value; throws past the end of the bytes.
    mutating func read(_ count: Int, _ what: String) throws(ElementaryStreamError) -> UInt32 {
        // A field wider than 32 bits does not fit the value; callers name widths from the
        // syntax tables, so this is refused as an error rather than trapped on.
        guard (0...32).contains(count) else {
            throw ElementaryStreamError(.unsupported, "\(what) is \(count) bits wide, not 0 to 32", at: baseOffset + UInt64(bitIndex / 8))
        }
        guard bitIndex + count <= bytes.count * 8 else {
            throw ElementaryStreamError(.truncated, "header ends inside \(what)", at: baseOffset + UInt64(bitIndex / 8))
        }
        var value: UInt32 = 0
        for _ in 0..<count {
            let byte = bytes[bytes.startIndex + bitIndex / 8]
            value = value << 1 | UInt32(byte >> (7 - UInt8(bitIndex % 8)) & 1)
            bitIndex += 1
        }
        return value
    }

    /// A one-bit flag.
    mutating func flag(_ what: String) throws(ElementaryStreamError) -> Bool {
        try read(1, what) == 1
    }

    /// Skips `count` bits (any number).
    mutating func skip(_ count: Int, _ what: String) throws(ElementaryStreamError) {
        var left = count
        while left > 0 {
            let step = min(left, 32)
            _ = try read(step, what)
            left -= step
        }
    }
}
