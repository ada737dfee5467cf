/// `elng` — extended language tag (BCP 47, e.g. `en-US`, `zh-Hant`). QTFF "Extended language
/// tag atom"; ISO/IEC 14496-12 §8.4.6. In `mdia` after `mdhd`, at most one; overrides `mdhd`.
public struct ExtendedLanguageBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["elng"]
    public var boxType: FourCC { "elng" }

    /// False for the version-less form some writers produce (a bare NUL-terminated string).
    public var hasVersionAndFlags: Bool
    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// The tag's bytes, up to the first NUL.
    public var tagBytes: [UInt8]
    /// The NUL and anything after it (padding), kept so the box is written back as read.
    public var terminator: [UInt8]

    /// The BCP 47 tag.
    public var tag: String {
        get { String(decoding: tagBytes, as: UTF8.self) }
        set { tagBytes = Array(newValue.utf8) }
    }

    /// An `elng` box holding `tag`.
    public init(tag: String) {
        self.hasVersionAndFlags = true
        self.version = 0
        self.flags = 0
        self.tagBytes = Array(tag.utf8)
        self.terminator = [0]
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
        let end = text.firstIndex(of: 0) ?? text.endIndex
        tagBytes = Array(text[text.startIndex..<end])
        terminator = Array(text[end...])
    }

    public func encode(into writer: inout ByteWriter) {
        if hasVersionAndFlags { writer.writeVersionAndFlags(version: version, flags: flags) }
        writer.write(bytes: tagBytes)
        writer.write(bytes: terminator)
    }

    public var fields: [BoxField] { [BoxField("tag", .text(tag))] }
}
