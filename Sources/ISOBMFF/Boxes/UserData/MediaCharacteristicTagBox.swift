/// `tagc` — one media characteristic tag in a track's `udta`, e.g.
/// `public.accessibility.transcribes-spoken-dialog`. QTFF "Media characteristic tag atom".
/// The payload is the bare ASCII string: no length, language or terminator. The bytes are kept
/// as read, so a malformed tag is written back unchanged.
public struct MediaCharacteristicTagBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["tagc"]
    public var boxType: FourCC { "tagc" }

    /// The tag's bytes as stored, without a terminator.
    public var characteristicBytes: [UInt8]

    /// The tag as text (bytes that are not UTF-8 read as U+FFFD).
    public var characteristic: String {
        get { String(decoding: characteristicBytes, as: UTF8.self) }
        set { characteristicBytes = Array(newValue.utf8) }
    }

    /// A `tagc` box holding `characteristic`.
    public init(characteristic: String) { characteristicBytes = Array(characteristic.utf8) }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        characteristicBytes = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) { writer.write(bytes: characteristicBytes) }

    public var fields: [BoxField] { [BoxField("characteristic", .text(characteristic))] }
}
