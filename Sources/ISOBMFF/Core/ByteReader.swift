/// A bounds-checked, big-endian reader over bytes that came from a box.
///
/// Every read checks the remaining bytes first and throws a ``BoxError`` naming the box path and
/// the absolute file offset of the failed read. ``carve(_:path:)`` hands out a sub-reader that cannot
/// read past its own end, so a box parser can never consume its sibling's bytes.
public struct ByteReader: Sendable {
    /// The bytes being read; indices are those of the underlying array.
    public let bytes: ArraySlice<UInt8>
    /// The index of the next byte to read.
    public private(set) var index: Int
    /// The file offset of `bytes.startIndex`.
    public let baseOffset: UInt64
    /// The path of the box being read, for error messages.
    public let path: String

    /// A reader over `bytes`, the first of which is at `baseOffset` in the file, inside the box at
    /// `path` (for errors).
    public init(_ bytes: ArraySlice<UInt8>, baseOffset: UInt64 = 0, path: String = "") {
        self.bytes = bytes
        self.index = bytes.startIndex
        self.baseOffset = baseOffset
        self.path = path
    }

    /// A reader over `bytes`, the first of which is at `baseOffset` in the file, inside the box at
    /// `path` (for errors).
    public init(_ bytes: [UInt8], baseOffset: UInt64 = 0, path: String = "") {
        self.init(bytes[...], baseOffset: baseOffset, path: path)
    }

    /// Bytes not yet read.
    public var remaining: Int { bytes.endIndex - index }
    /// Whether every byte has been read.
    public var isAtEnd: Bool { index >= bytes.endIndex }
    /// Bytes read so far.
    public var consumed: Int { index - bytes.startIndex }
    /// The file offset of the next byte.
    public var fileOffset: UInt64 { baseOffset + UInt64(index - bytes.startIndex) }
    /// Where the reader stands, for errors raised by callers.
    public var location: BoxLocation { BoxLocation(path: path, offset: fileOffset) }

    /// An error at the reader's current position.
    public func error(_ kind: BoxError.Kind) -> BoxError { BoxError(kind, at: location) }

    private func require(_ count: Int) throws(BoxError) {
        guard count >= 0, count <= remaining else {
            throw error(.truncated(needed: UInt64(max(count, 0)), available: UInt64(remaining)))
        }
    }

    /// Reads one byte.
    public mutating func readUInt8() throws(BoxError) -> UInt8 {
        try require(1)
        defer { index += 1 }
        return bytes[index]
    }

    /// Reads a big-endian 16-bit unsigned integer.
    public mutating func readUInt16() throws(BoxError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readBigEndian(2))
    }

    /// Reads a big-endian 24-bit unsigned integer (the `flags` of a full box).
    public mutating func readUInt24() throws(BoxError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readBigEndian(3))
    }

    /// Reads a big-endian 32-bit unsigned integer.
    public mutating func readUInt32() throws(BoxError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readBigEndian(4))
    }

    /// Reads a big-endian 64-bit unsigned integer.
    public mutating func readUInt64() throws(BoxError) -> UInt64 { try readBigEndian(8) }

    /// Reads a signed byte.
    public mutating func readInt8() throws(BoxError) -> Int8 { Int8(bitPattern: try readUInt8()) }
    /// Reads a big-endian 16-bit signed integer.
    public mutating func readInt16() throws(BoxError) -> Int16 { Int16(bitPattern: try readUInt16()) }
    /// Reads a big-endian 32-bit signed integer.
    public mutating func readInt32() throws(BoxError) -> Int32 { Int32(bitPattern: try readUInt32()) }
    /// Reads a big-endian 64-bit signed integer.
    public mutating func readInt64() throws(BoxError) -> Int64 { Int64(bitPattern: try readUInt64()) }

    /// Reads a four-character code.
    public mutating func readFourCC() throws(BoxError) -> FourCC { FourCC(rawValue: try readUInt32()) }

    /// Reads a 32-bit value when `wide` is false and a 64-bit one otherwise (version 0/1 fields).
    public mutating func readUInt(wide: Bool) throws(BoxError) -> UInt64 {
        wide ? try readUInt64() : UInt64(try readUInt32())
    }

    private mutating func readBigEndian(_ width: Int) throws(BoxError) -> UInt64 {
        try require(width)
        var value: UInt64 = 0
        for offset in 0..<width { value = (value << 8) | UInt64(bytes[index + offset]) }
        index += width
        return value
    }

    /// Reads `count` bytes without copying.
    public mutating func readBytes(_ count: Int) throws(BoxError) -> ArraySlice<UInt8> {
        try require(count)
        defer { index += count }
        return bytes[index..<index + count]
    }

    /// Reads every byte left.
    public mutating func readRemaining() -> ArraySlice<UInt8> {
        defer { index = bytes.endIndex }
        return bytes[index...]
    }

    /// Reads bytes up to a NUL (consumed, not returned), or to the end when there is none.
    public mutating func readNullTerminatedBytes() -> ArraySlice<UInt8> {
        let end = bytes[index...].firstIndex(of: 0) ?? bytes.endIndex
        defer { index = min(end + 1, bytes.endIndex) }
        return bytes[index..<end]
    }

    /// Reads a NUL-terminated UTF-8 string (invalid sequences become U+FFFD).
    public mutating func readNullTerminatedString() -> String {
        String(decoding: readNullTerminatedBytes(), as: UTF8.self)
    }

    /// Moves past `count` bytes without reading them; throws when fewer remain.
    public mutating func skip(_ count: Int) throws(BoxError) {
        try require(count)
        index += count
    }

    /// Splits off the next `count` bytes as a reader of their own and skips them here.
    public mutating func carve(_ count: Int, path: String? = nil) throws(BoxError) -> ByteReader {
        let start = fileOffset
        let slice = try readBytes(count)
        return ByteReader(slice, baseOffset: start, path: path ?? self.path)
    }

    /// Checks that `count` entries of `entrySize` bytes fit in what remains, before anything is
    /// allocated or looped over, and returns the count as an `Int`.
    public func checkedCount<T: BinaryInteger>(_ count: T, entrySize: Int, what: String) throws(BoxError) -> Int {
        let available = entrySize > 0 ? UInt64(remaining / entrySize) : UInt64.max
        guard count >= 0, UInt64(count) <= available else {
            throw error(.countExceedsBox(what: what, count: UInt64(truncatingIfNeeded: count)))
        }
        return Int(count)
    }

    /// Reads a FullBox's version byte and 24-bit flags.
    public mutating func readVersionAndFlags() throws(BoxError) -> (version: UInt8, flags: UInt32) {
        let version = try readUInt8()
        return (version, try readUInt24())
    }
}
