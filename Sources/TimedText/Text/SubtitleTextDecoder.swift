/// Turns the bytes of a subtitle file into text.
///
/// A byte-order mark decides first (UTF-8, UTF-16 LE, UTF-16 BE; the mark is removed). Without
/// one, the bytes must be UTF-8; when they are not, the ``Fallback`` decides, always with a
/// warning, because guessing an encoding is a guess.
public enum SubtitleTextDecoder {
    /// What to do with bytes that are not valid UTF-8 and carry no byte-order mark.
    public enum Fallback: Sendable {
        /// Read them as Windows-1252 (what old SubRip files from Windows tools are).
        case windows1252
        /// Replace invalid sequences with U+FFFD (what WebVTT and XML require).
        case replacement
    }

    /// Decodes `bytes`, returning the text and any warnings (reported on line 1).
    public static func decode(_ bytes: some Collection<UInt8>, fallback: Fallback) -> (text: String, warnings: [SubtitleDiagnostic]) {
        let bytes = Array(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return decodeUTF8(bytes.dropFirst(3), fallback: fallback)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return decodeUTF16(bytes.dropFirst(2), bigEndian: false)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return decodeUTF16(bytes.dropFirst(2), bigEndian: true)
        }
        return decodeUTF8(bytes[...], fallback: fallback)
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>, fallback: Fallback) -> (text: String, warnings: [SubtitleDiagnostic]) {
        if isValidUTF8(bytes) {
            return (String(decoding: bytes, as: UTF8.self), [])
        }
        switch fallback {
        case .replacement:
            return (String(decoding: bytes, as: UTF8.self),
                    [SubtitleDiagnostic(line: 1, message: "invalid UTF-8 replaced with U+FFFD")])
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            scalars.reserveCapacity(bytes.count)
            for byte in bytes {
                scalars.append(windows1252Scalar(byte))
            }
            return (String(scalars),
                    [SubtitleDiagnostic(line: 1, message: "not valid UTF-8; read as Windows-1252")])
        }
    }

    private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> (text: String, warnings: [SubtitleDiagnostic]) {
        var warnings: [SubtitleDiagnostic] = []
        if bytes.count % 2 != 0 {
            warnings.append(SubtitleDiagnostic(line: 1, message: "UTF-16 text has an odd number of bytes; last byte ignored"))
        }
        let units = [UInt16](utf16Units: bytes, bigEndian: bigEndian)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        scan: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break scan
            case .error:
                warnings.append(SubtitleDiagnostic(line: 1, message: "invalid UTF-16 replaced with U+FFFD"))
                break scan
            }
        }
        return (String(decoding: units, as: UTF16.self), warnings)
    }

    private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Windows-1252 differs from Latin-1 only in 0x80–0x9F; the five unassigned bytes there map
    /// to the C1 control of the same value, as Windows itself does.
    private static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let value = windows1252High[Int(byte - 0x80)]
        return Unicode.Scalar(value) ?? Unicode.Scalar(byte)
    }

    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
