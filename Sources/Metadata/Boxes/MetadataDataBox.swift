import ISOBMFF

/// A value atom (`data`) of an `ilst` item, in QuickTime metadata and iTunes lists alike:
/// type indicator, locale, value (QTFF "Value atom"). The type indicator's first byte selects
/// the type set (0 = well-known); the locale is a country and a language, each 0 for "any".
public struct MetadataDataBox: BoxPayload {
    public static var boxTypes: Set<FourCC> { ["data"] }
    public var boxType: FourCC { "data" }

    /// The type indicator's first byte: the type set, 0 for the well-known types.
    public var typeSet: UInt8
    /// The type indicator's low 24 bits: the well-known type of ``value``.
    public var dataType: MetadataDataType
    /// 0 = any; 1…255 = index into a `ctry` list; else two ASCII letters (ISO 3166-1).
    public var country: UInt16
    /// 0 = any; 1…255 = index into a `lang` list; else a packed ISO 639-2/T code (or a
    /// Macintosh language code below 0x400, as iTunes-era files have).
    public var language: UInt16
    /// The value's bytes, as ``dataType`` encodes them.
    public var value: [UInt8]

    /// Creates a value atom of the well-known type set; country and language 0 mean "any".
    public init(dataType: MetadataDataType, value: [UInt8], country: UInt16 = 0, language: UInt16 = 0) {
        typeSet = 0
        self.dataType = dataType
        self.country = country
        self.language = language
        self.value = value
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        let indicator = try reader.readUInt32()
        typeSet = UInt8(indicator >> 24)
        dataType = MetadataDataType(rawValue: indicator & 0xFF_FFFF)
        country = try reader.readUInt16()
        language = try reader.readUInt16()
        value = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt32(typeSet) << 24 | dataType.rawValue & 0xFF_FFFF)
        writer.write(country)
        writer.write(language)
        writer.write(bytes: value)
    }

    public var fields: [BoxField] {
        [BoxField("type", .text(dataType.description)), BoxField("country", .unsigned(UInt64(country))),
         BoxField("language", .unsigned(UInt64(language))), BoxField("value bytes", .unsigned(UInt64(value.count))),
         BoxField("value", .text(decodedValue.displayText))]
    }

    /// The decoded value; a type set other than 0 is reserved, so its bytes are kept as they are.
    public var decodedValue: MetadataValue {
        typeSet == 0 ? MetadataValue(decoding: value[...], as: dataType) : .bytes(value)
    }

    /// The language as an ISO 639-2/T code; nil for "any" or a list index.
    public var languageCode: String? {
        guard language > 255 else { return nil }
        let code = MediaLanguage(rawValue: language)
        return code.isUndetermined ? nil : code.iso639Code
    }

    /// The country as two letters; nil for "any" or a list index.
    public var countryCode: String? {
        guard country > 255 else { return nil }
        let letters = [UInt8(country >> 8), UInt8(country & 0xFF)]
        guard letters.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        return String(decoding: letters, as: UTF8.self).uppercased()
    }

    /// Encodes an ISO 3166-1 alpha-2 country as a locale country (0 when nil or not two letters).
    public static func country(_ code: String?) -> UInt16 {
        guard let letters = code.map({ Array($0.uppercased().utf8) }), letters.count == 2,
              letters.allSatisfy({ (0x41...0x5A).contains($0) }) else { return 0 }
        return UInt16(letters[0]) << 8 | UInt16(letters[1])
    }
}
