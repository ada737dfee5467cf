/// `tagc` — one media characteristic tag in a track's `udta`, e.g.
/// `public.accessibility.transcribes-spoken-dialog`. QTFF "Media characteristic tag atom".
/// The payload is the bare ASCII string: no length, language or terminator.
public struct MediaCharacteristicTagBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["tagc"]
    public var boxType: FourCC { "tagc" }

    public var characteristic: String

    public init(characteristic: String) { self.characteristic = characteristic }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        characteristic = String(decoding: reader.readRemaining(), as: UTF8.self)
    }

    public func encode(into writer: inout ByteWriter) { writer.write(bytes: characteristic.utf8) }

    public var fields: [BoxField] { [BoxField("characteristic", .text(characteristic))] }
}
