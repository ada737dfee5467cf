/// A four-character code: the type of a box, a handler, a brand or a sample entry format.
///
/// Stored as the raw 32-bit big-endian value so that non-ASCII codes (`©nam` is `A9 6E 61 6D`,
/// iTunes key indices are `00 00 00 01`) survive unchanged.
public struct FourCC: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as a big-endian 32-bit integer.
    public let rawValue: UInt32

    /// Literals are read from their UTF-8 bytes as compiled, not made into a `String`.
    public typealias StringLiteralType = StaticString
    public typealias ExtendedGraphemeClusterLiteralType = StaticString
    public typealias UnicodeScalarLiteralType = StaticString

    /// The code whose big-endian bytes are `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a code from a literal of four Latin-1 characters (`"moof"`, `"©nam"`: `©` is the
    /// Unicode character U+00A9); a shorter one is padded with spaces, a character past Latin-1
    /// becomes `?`. Read from the literal's UTF-8 bytes where it is compiled: `box.type ==
    /// "moof"` makes one per comparison, in loops over every box, and a `String` would be built
    /// and checked each time.
    @inlinable
    public init(stringLiteral value: StaticString) {
        var raw: UInt32 = 0
        var count = 0
        value.withUTF8Buffer { bytes in
            var index = 0
            while index < bytes.count, count < 4 {
                let lead = bytes[index]
                var scalar = UInt32(lead)
                // A UTF-8 sequence's length is in its lead byte; two bytes reach U+07FF.
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if length == 2, index + 1 < bytes.count {
                    scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                }
                raw = raw << 8 | (length == 1 || scalar < 256 && length == 2 ? scalar : 0x3F)
                count += 1
                index += length
            }
        }
        for _ in count..<4 { raw = raw << 8 | 0x20 }
        self.rawValue = raw
    }

    /// Creates a code from a string as a literal would: four Latin-1 characters, a shorter one
    /// padded with spaces, a character past Latin-1 as `?`.
    public init(stringLiteral value: String) {
        var raw: UInt32 = 0
        var count = 0
        for scalar in value.unicodeScalars.prefix(4) {
            raw = raw << 8 | (scalar.value < 256 ? scalar.value : 0x3F)
            count += 1
        }
        for _ in count..<4 { raw = raw << 8 | 0x20 }
        self.rawValue = raw
    }

    /// Creates a code from a string of exactly four Latin-1 characters, or returns nil.
    public init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 4, scalars.allSatisfy({ $0.value < 256 }) else { return nil }
        self.rawValue = scalars.reduce(0) { ($0 << 8) | $1.value }
    }

    /// The four bytes, most significant first.
    public var bytes: [UInt8] {
        [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
    }

    /// Printable form: Latin-1 characters (so `©nam` reads as such), other bytes escaped as `\xNN`.
    public var description: String {
        // Printable ASCII, as every box type is: four bytes as they are (a path names each box).
        if (0..<4).allSatisfy({ (0x20..<0x7F).contains((rawValue >> (24 - 8 * $0)) & 0xFF) }) {
            return String(unsafeUninitializedCapacity: 4) { buffer in
                for index in 0..<4 { buffer[index] = UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * index)) }
                return 4
            }
        }
        var text = ""
        for byte in bytes {
            if (0x20..<0x7F).contains(byte) || byte == 0xA9 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text
    }

    /// Whether the code looks like a real box type: printable ASCII (or `©` first), as every
    /// registered type is. Used to tell a file that is not ISO BMFF at all from a damaged one.
    public var isPlausibleBoxType: Bool {
        bytes.enumerated().allSatisfy { index, byte in (0x20..<0x7F).contains(byte) || (index == 0 && byte == 0xA9) }
    }

    /// Whether the first byte is `©` (0xA9): a QuickTime international text item.
    public var isCopyrightSymbolItem: Bool { rawValue >> 24 == 0xA9 }

    public static func < (lhs: FourCC, rhs: FourCC) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
