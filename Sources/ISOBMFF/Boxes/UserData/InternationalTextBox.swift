/// A QuickTime international text item in `udta` (`©nam`, `©xyz`, `©too`, …): one or more
/// (length, language, text) records. QTFF "User data atoms"; the length is the bare text
/// length in practice, though QTFF says it includes the 4 record header bytes — both are read.
public struct InternationalTextBox: BoxPayload {
    /// Every `©xxx` type; chosen by the caller.
    public static var boxTypes: Set<FourCC> { [] }
    public var boxType: FourCC { itemType }

    /// One language variant of the text.
    public struct Record: Hashable, Sendable {
        /// The text's language.
        public var language: MediaLanguage
        /// The text's bytes as stored.
        public var textBytes: [UInt8]

        /// A record of `text` in `language`.
        public init(language: MediaLanguage, text: String) {
            self.language = language
            self.textBytes = Array(text.utf8)
        }

        init(language: MediaLanguage, textBytes: [UInt8]) {
            self.language = language
            self.textBytes = textBytes
        }

        /// UTF-8, or UTF-16 when the text starts with a byte-order mark.
        public var text: String {
            textBytes.starts(with: [0xFE, 0xFF]) ? String(utf16Bytes: textBytes) : String(decoding: textBytes, as: UTF8.self)
        }
    }

    /// The user data item type (`©nam`, `©cmt`, …).
    public var itemType: FourCC
    /// The texts, one per language.
    public var records: [Record]
    /// Whether lengths counted the 4 record header bytes too.
    public var lengthIncludesHeader: Bool
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// An item of `itemType` holding `records`.
    public init(itemType: FourCC, records: [Record]) {
        self.itemType = itemType
        self.records = records
        self.lengthIncludesHeader = false
        self.trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        itemType = type
        records = []
        lengthIncludesHeader = false
        let start = reader
        if let parsed = Self.records(from: start, lengthIncludesHeader: false) {
            records = parsed.records
            trailing = parsed.trailing
        } else if let parsed = Self.records(from: start, lengthIncludesHeader: true) {
            records = parsed.records
            trailing = parsed.trailing
            lengthIncludesHeader = true
        } else {
            throw reader.error(.invalidValue("text record length exceeds the item"))
        }
        _ = reader.readRemaining()
    }

    private static func records(from start: ByteReader,
                                lengthIncludesHeader: Bool) -> (records: [Record], trailing: [UInt8])? {
        var reader = start
        var records: [Record] = []
        while reader.remaining >= 4 {
            let save = reader
            guard let length = try? reader.readUInt16(), let language = try? reader.readUInt16() else { return nil }
            if length == 0 && language == 0 && !records.isEmpty {
                reader = save
                break
            }
            let textLength = lengthIncludesHeader ? Int(length) - 4 : Int(length)
            guard textLength >= 0, let text = try? reader.readBytes(textLength) else { return nil }
            records.append(Record(language: MediaLanguage(rawValue: language), textBytes: Array(text)))
        }
        return (records, Array(reader.readRemaining()))
    }

    public func encode(into writer: inout ByteWriter) {
        for record in records {
            writer.write(UInt16(record.textBytes.count + (lengthIncludesHeader ? 4 : 0)))
            writer.write(record.language.rawValue)
            writer.write(bytes: record.textBytes)
        }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        records.map { BoxField("text[\($0.language.iso639Code)]", .text($0.text)) }
    }
}
