/// `elng` — extended language tag (BCP 47, e.g. `en-US`, `zh-Hant`). QTFF "Extended language
/// tag atom"; ISO/IEC 14496-12 §8.4.6. In `mdia` after `mdhd`, at most one; overrides `mdhd`.
public struct ExtendedLanguageBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["elng"]
    public var boxType: FourCC { "elng" }

    /// False for the version-less form some writers produce (a bare NUL-terminated string).
    public var hasVersionAndFlags: Bool
    public var version: UInt8
    public var flags: UInt32
    public var tag: String
    /// Whether the tag was NUL-terminated (written back the same way).
    public var isNullTerminated: Bool

    public init(tag: String) {
        self.hasVersionAndFlags = true
        self.version = 0
        self.flags = 0
        self.tag = tag
        self.isNullTerminated = true
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        let rest = reader.bytes[reader.index...]
        // A payload that starts with a letter has no version and flags (seen in the wild).
        hasVersionAndFlags = !(rest.first.map { (0x41...0x7A).contains($0) } ?? false)
        if hasVersionAndFlags {
            (version, flags) = try reader.readVersionAndFlags()
        } else {
            (version, flags) = (0, 0)
        }
        let text = reader.readRemaining()
        isNullTerminated = text.last == 0
        let end = text.firstIndex(of: 0) ?? text.endIndex
        tag = String(decoding: text[text.startIndex..<end], as: UTF8.self)
    }

    public func encode(into writer: inout ByteWriter) {
        if hasVersionAndFlags { writer.writeVersionAndFlags(version: version, flags: flags) }
        writer.write(bytes: tag.utf8)
        if isNullTerminated { writer.write(UInt8(0)) }
    }

    public var fields: [BoxField] { [BoxField("tag", .text(tag))] }
}
