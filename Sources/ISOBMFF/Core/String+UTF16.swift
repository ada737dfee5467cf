/// Text stored as UTF-16 in a box.
extension String {
    /// Decodes UTF-16 text as QuickTime and 3GPP store it: big-endian unless a byte-order mark
    /// says otherwise (FE FF big-endian, FF FE little-endian; the mark is not part of the text).
    /// An odd last byte is ignored; invalid units become U+FFFD.
    public init(utf16Bytes bytes: some Collection<UInt8>) {
        var body = Array(bytes)[...]
        var bigEndian = true
        if body.starts(with: [0xFF, 0xFE]) {
            bigEndian = false
            body = body.dropFirst(2)
        } else if body.starts(with: [0xFE, 0xFF]) {
            body = body.dropFirst(2)
        }
        self.init(decoding: [UInt16](utf16Units: body, bigEndian: bigEndian), as: UTF16.self)
    }
}

/// UTF-16 code units read from a box.
extension [UInt16] {
    /// The UTF-16 code units of `bytes` in the given byte order; an odd last byte is ignored.
    public init(utf16Units bytes: ArraySlice<UInt8>, bigEndian: Bool) {
        self.init()
        reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
    }
}
