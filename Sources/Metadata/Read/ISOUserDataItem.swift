import ISOBMFF

/// The 3GPP asset items of `udta` (3GPP TS 26.244 §8): FullBoxes holding a packed ISO 639-2/T
/// language and a NUL-terminated UTF-8 or UTF-16 (with byte-order mark) string, plus a few
/// fixed fields for some of them.
enum ISOUserDataItem {
    /// The asset item types of 3GPP TS 26.244 §8.
    static let types: Set<FourCC> = ["titl", "dscp", "cprt", "perf", "auth", "gnre", "rtng", "clsf", "kywd",
                                     "loci", "albm", "yrrc"]

    /// One decoded value and its language (nil for none or `und`).
    struct Value {
        var value: MetadataValue
        var language: String?
    }

    /// Decodes the payload of a `type` item: one value, or one per keyword for `kywd`.
    static func values(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) -> [Value] {
        _ = try reader.readVersionAndFlags()
        switch type {
        case "yrrc":
            // §8.14: recordingYear u16.
            return [Value(value: .unsignedInteger(UInt64(try reader.readUInt16())), language: nil)]
        case "loci":
            // §8.12: language, name, role, longitude, latitude, altitude, body, notes.
            let location = try GeographicLocation(parsing: &reader)
            return [Value(value: .location(location), language: code(location.language))]
        case "kywd":
            // §8.10: language, keywordCnt u8, then keywordCnt × (keywordSize u8, keywordInfo).
            let language = try readLanguage(&reader)
            let count = try reader.checkedCount(try reader.readUInt8(), entrySize: 1, what: "keyword count")
            var values: [Value] = []
            for _ in 0..<count {
                let size = Int(try reader.readUInt8())
                var keyword = try reader.carve(size)
                values.append(Value(value: .text(string(&keyword)), language: language))
            }
            return values
        case "rtng":
            // §8.7: ratingEntity 4CC, ratingCriteria 4CC, then language and ratingInfo.
            try reader.skip(8)
        case "clsf":
            // §8.8: classificationEntity 4CC, classificationTable u16, then language and info.
            try reader.skip(6)
        default:
            break
        }
        // titl dscp cprt perf auth gnre (§8.2–8.6, 8.9), albm (§8.11, then an optional track
        // number), rtng, clsf: language then string.
        let language = try readLanguage(&reader)
        return [Value(value: .text(string(&reader)), language: language)]
    }

    /// A packed ISO 639-2/T language after a pad bit; nil for `und` or an undecodable value.
    private static func readLanguage(_ reader: inout ByteReader) throws(BoxError) -> String? {
        code(MediaLanguage(rawValue: try reader.readUInt16() & 0x7FFF))
    }

    private static func code(_ language: MediaLanguage) -> String? {
        language.isUndetermined ? nil : language.iso639Code
    }

    /// A NUL-terminated string: UTF-16 big-endian when it starts with the byte-order mark FE FF
    /// (ending at a 16-bit NUL), UTF-8 otherwise. The terminator may be missing at the end.
    private static func string(_ reader: inout ByteReader) -> String {
        var rest = reader
        let bytes = rest.readRemaining()
        if bytes.count >= 2, bytes[bytes.startIndex] == 0xFE, bytes[bytes.startIndex + 1] == 0xFF {
            var end = bytes.startIndex + 2
            while end + 1 < bytes.endIndex, bytes[end] != 0 || bytes[end + 1] != 0 { end += 2 }
            _ = try? reader.skip(min(end + 2, bytes.endIndex) - bytes.startIndex)
            return String(utf16Bytes: bytes[bytes.startIndex..<min(end, bytes.endIndex)])
        }
        return reader.readNullTerminatedString()
    }
}
