/// Odd parity, the error check of every CEA-608 byte (ANSI/CTA-608-E §3 "Definitions" and
/// §4.1: seven data bits, bit 7 set so that the byte has an odd number of one bits).
public enum CEA608Parity {
    /// Whether `byte` has odd parity.
    public static func isValid(_ byte: UInt8) -> Bool {
        byte.nonzeroBitCount % 2 == 1
    }

    /// The seven data bits of `byte` with the parity bit set as odd parity requires.
    public static func adding(to byte: UInt8) -> UInt8 {
        let data = byte & 0x7F
        return data.nonzeroBitCount % 2 == 1 ? data : data | 0x80
    }
}
