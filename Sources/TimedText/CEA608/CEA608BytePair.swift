/// Two bytes of one CEA-608 field in one video frame, as transmitted: parity bits included.
public struct CEA608BytePair: Sendable, Hashable {
    /// The first byte, parity bit included.
    public var first: UInt8
    /// The second byte, parity bit included.
    public var second: UInt8

    /// Creates a pair from transmitted bytes.
    public init(_ first: UInt8, _ second: UInt8) {
        self.first = first
        self.second = second
    }

    /// Creates a pair from seven-bit data, adding odd parity to each byte.
    public init(data first: UInt8, _ second: UInt8) {
        self.init(CEA608Parity.adding(to: first), CEA608Parity.adding(to: second))
    }

    /// The null pair `0x80 0x80` sent when there is nothing to say (CTA-608-E §4.1: a null
    /// byte, 0x00 with odd parity, is ignored by decoders).
    public static let padding = CEA608BytePair(0x80, 0x80)

    /// Whether both bytes are nulls (with or without their parity bit).
    public var isPadding: Bool { first & 0x7F == 0 && second & 0x7F == 0 }

    /// The four hex digits an SCC file writes, e.g. `9420`.
    public var hexWord: String {
        let digits: [Character] = Array("0123456789abcdef")
        return String([digits[Int(first >> 4)], digits[Int(first & 0xF)], digits[Int(second >> 4)], digits[Int(second & 0xF)]])
    }
}
