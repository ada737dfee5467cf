/// `kind` — a role of a track, named by a scheme URI and a value, in the track's `udta`.
/// ISO/IEC 14496-12 §8.10.4 (KindBox): a FullBox holding `schemeURI` then `value`, each a
/// NUL-terminated UTF-8 string. With the DASH role scheme `urn:mpeg:dash:role:2011` (ISO/IEC
/// 23009-1 §5.8.5.5) the values are roles such as `caption`, `subtitle`, `main`, `alternate`,
/// `commentary`, `description`, `dub` and `forced-subtitle`; ffmpeg writes them for stream
/// dispositions. Bytes after the value's terminator are kept, so the box is written back as read.
public struct TrackKindBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["kind"]
    public var boxType: FourCC { "kind" }

    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// The scheme URI's bytes, without the terminator.
    public var schemeURIBytes: [UInt8]
    /// The value's bytes, without the terminator.
    public var valueBytes: [UInt8]
    /// Bytes after the value's terminator (padding), kept for an exact round trip.
    public var trailing: [UInt8]

    /// The scheme that gives `value` its meaning, e.g. `urn:mpeg:dash:role:2011`.
    public var schemeURI: String {
        get { String(decoding: schemeURIBytes, as: UTF8.self) }
        set { schemeURIBytes = Array(newValue.utf8) }
    }

    /// The role within the scheme, e.g. `caption`.
    public var value: String {
        get { String(decoding: valueBytes, as: UTF8.self) }
        set { valueBytes = Array(newValue.utf8) }
    }

    /// A `kind` box for the role `value` within the scheme `schemeURI`.
    public init(schemeURI: String, value: String) {
        self.version = 0
        self.flags = 0
        self.schemeURIBytes = Array(schemeURI.utf8)
        self.valueBytes = Array(value.utf8)
        self.trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        let start = reader
        let strings = reader.readRemaining()
        guard let schemeEnd = strings.firstIndex(of: 0) else {
            throw start.error(.invalidValue("kind scheme URI is not NUL-terminated"))
        }
        let afterScheme = strings[(schemeEnd + 1)...]
        guard let valueEnd = afterScheme.firstIndex(of: 0) else {
            throw start.error(.invalidValue("kind value is not NUL-terminated"))
        }
        schemeURIBytes = Array(strings[strings.startIndex..<schemeEnd])
        valueBytes = Array(afterScheme[afterScheme.startIndex..<valueEnd])
        trailing = Array(afterScheme[(valueEnd + 1)...])
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(bytes: schemeURIBytes)
        writer.write(UInt8(0))
        writer.write(bytes: valueBytes)
        writer.write(UInt8(0))
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("schemeURI", .text(schemeURI)), BoxField("value", .text(value))]
    }
}
