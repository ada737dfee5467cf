/// `name` — a track's name in QuickTime user data: the raw text to the end of the atom, with no
/// length, language or terminator (ffmpeg writes it from a stream's title). QTFF "User data atoms".
public struct TrackNameBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["name"]
    public var boxType: FourCC { "name" }

    /// The name's bytes as stored.
    public var nameBytes: [UInt8]

    /// A name shorter than four bytes is padded with NULs to four: GPAC reads `name` as a full
    /// box (four bytes of version and flags first) and refuses the whole `moov` when the box is
    /// shorter than that; readers that take the raw text (FFmpeg, ExifTool, QuickTime) stop at
    /// the first NUL, and so does ``name``.
    public init(name: String) {
        let bytes = Array(name.utf8)
        nameBytes = bytes + [UInt8](repeating: 0, count: max(0, 4 - bytes.count))
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        nameBytes = Array(reader.readRemaining())
    }

    /// The text, without any NUL some writers append.
    public var name: String {
        String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    public func encode(into writer: inout ByteWriter) { writer.write(bytes: nameBytes) }

    public var fields: [BoxField] { [BoxField("name", .text(name))] }
}
