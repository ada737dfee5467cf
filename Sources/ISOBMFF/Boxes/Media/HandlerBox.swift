/// `hdlr` — handler reference: what kind of media a track holds (`vide`, `soun`, `sbtl`,
/// `text`, `subt`, `clcp`, `meta`, …) or what a `meta` box contains. ISO/IEC 14496-12 §8.4.3;
/// QTFF "Handler reference atom". QuickTime writes the name as a Pascal string, ISO as a
/// NUL-terminated UTF-8 string; the form read is kept.
public struct HandlerBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["hdlr"]
    public var boxType: FourCC { "hdlr" }

    /// How the name is stored.
    public enum NameForm: Hashable, Sendable {
        /// u8 length, then the bytes (QuickTime).
        case pascal
        /// Bytes then NUL (ISO).
        case nullTerminated
        /// Bytes to the end of the box with no terminator (seen in the wild).
        case unterminated
    }

    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// QuickTime component type (`mhlr`, `dhlr`); zero in ISO files.
    public var componentType: FourCC
    /// The handler (media) type.
    public var handlerType: FourCC
    /// Manufacturer and component flags (QuickTime); reserved in ISO.
    public var reserved: [UInt8]
    /// The name's bytes as stored (UTF-8 in practice; Mac Roman in old QuickTime files).
    public var nameBytes: [UInt8]
    /// How the name is stored, so it is written back the same way.
    public var nameForm: NameForm

    /// The name as text.
    public var name: String {
        get { String(decoding: nameBytes, as: UTF8.self) }
        set { nameBytes = Array(newValue.utf8) }
    }
    /// Bytes after the name (padding).
    public var trailing: [UInt8]

    /// A handler of `handlerType` named `name`; QuickTime handlers give their `componentType`
    /// (`mhlr`).
    public init(handlerType: FourCC, name: String, componentType: FourCC = FourCC(rawValue: 0)) {
        self.version = 0
        self.flags = 0
        self.componentType = componentType
        self.handlerType = handlerType
        self.reserved = [UInt8](repeating: 0, count: 12)
        self.nameBytes = Array(name.utf8)
        self.nameForm = .nullTerminated
        self.trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        componentType = try reader.readFourCC()
        handlerType = try reader.readFourCC()
        reserved = Array(try reader.readBytes(12))
        let rest = reader.readRemaining()
        trailing = []
        if let length = rest.first, Int(length) == rest.count - 1 {
            nameForm = .pascal
            nameBytes = Array(rest.dropFirst())
        } else if let end = rest.firstIndex(of: 0) {
            nameForm = .nullTerminated
            nameBytes = Array(rest[rest.startIndex..<end])
            trailing = Array(rest[(end + 1)...])
        } else {
            nameForm = .unterminated
            nameBytes = Array(rest)
        }
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(componentType)
        writer.write(handlerType)
        writer.write(bytes: reserved)
        let bytes = nameBytes
        switch nameForm {
        case .pascal:
            writer.write(UInt8(min(bytes.count, 255)))
            writer.write(bytes: bytes.prefix(255))
        case .nullTerminated:
            writer.write(bytes: bytes)
            writer.write(UInt8(0))
        case .unterminated:
            writer.write(bytes: bytes)
        }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("componentType", .code(componentType)), BoxField("handlerType", .code(handlerType)),
         BoxField("name", .text(name))]
    }
}
