/// A preamble address code (PAC, CTA-608-E §6.2): the row (1–15) the next characters go to and
/// either an indent (a multiple of 4 columns, white) or attributes at column 0; underline in both.
public struct CEA608PreambleAddressCode: Sendable, Hashable {
    /// The row, 1 (top) to 15 (bottom).
    public var row: Int
    /// The column the cursor moves to: 0, 4, …, 28.
    public var indent: Int
    /// Colour, italics and underline of what follows (white for an indent).
    public var attributes: CEA608TextAttributes

    /// Creates a code.
    public init(row: Int, indent: Int = 0, attributes: CEA608TextAttributes = CEA608TextAttributes()) {
        self.row = row
        self.indent = indent
        self.attributes = attributes
    }

    /// The first byte (data channel 1) of each row 1–15, with whether the second byte is in
    /// 0x60–0x7F rather than 0x40–0x5F.
    private static let rows: [(first: UInt8, upper: Bool)] = [
        (0x11, false), (0x11, true), (0x12, false), (0x12, true), (0x15, false), (0x15, true), (0x16, false),
        (0x16, true), (0x17, false), (0x17, true), (0x10, false), (0x13, false), (0x13, true), (0x14, false),
        (0x14, true),
    ]

    /// Decodes seven-bit bytes (data channel bit cleared from the first); nil when they are not
    /// a PAC.
    init?(first: UInt8, second: UInt8) {
        guard (0x40...0x7F).contains(second),
              let index = Self.rows.firstIndex(where: { $0.first == first && $0.upper == (second >= 0x60) }) else { return nil }
        row = index + 1
        let low = second & 0x1F
        if low >= 0x10 {
            indent = Int((low - 0x10) >> 1) * 4
            attributes = CEA608TextAttributes(isUnderlined: low & 1 == 1)
        } else {
            indent = 0
            attributes = CEA608TextAttributes(code: low)
        }
    }

    /// The pair on `channel`, parity added. An indent above 0 carries only underline: the
    /// colour and italics of such a line need a mid-row code.
    public func pair(on channel: CEA608Channel) -> CEA608BytePair {
        let entry = Self.rows[min(max(row, 1), 15) - 1]
        let low: UInt8 = indent > 0
            ? 0x10 | UInt8(min(indent, 28) / 4) << 1 | (attributes.isUnderlined ? 1 : 0)
            : attributes.code
        let first = entry.first | (channel.dataChannel == 2 ? 0x08 : 0)
        return CEA608BytePair(data: first, (entry.upper ? 0x60 : 0x40) | low)
    }
}
