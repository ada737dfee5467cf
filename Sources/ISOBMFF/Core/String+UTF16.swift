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
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let first = UInt16(body[index]), second = UInt16(body[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        self.init(decoding: units, as: UTF16.self)
    }
}
