import ISOBMFF

/// The key table of a QuickTime metadata `meta` (`keys`, a FullBox): entries numbered from 1,
/// each a namespace (`mdta` for reverse-DNS keys) and the key's bytes (QTFF "Metadata item keys
/// atom"). `ilst` items name their key by this 1-based index.
public struct MetadataKeysBox: BoxPayload {
    public static var boxTypes: Set<FourCC> { ["keys"] }
    public var boxType: FourCC { "keys" }

    public struct Entry: Hashable, Sendable {
        public var namespace: FourCC
        public var value: [UInt8]

        public init(namespace: FourCC, value: [UInt8]) {
            self.namespace = namespace
            self.value = value
        }

        public init(namespace: FourCC = "mdta", key: String) {
            self.init(namespace: namespace, value: Array(key.utf8))
        }

        /// The key as text: UTF-8 for `mdta`, the four characters for `udta`-style keys.
        public var key: String {
            namespace == "mdta" || value.count != 4 ? String(decoding: value, as: UTF8.self)
                : FourCC(rawValue: value.reduce(0) { ($0 << 8) | UInt32($1) }).description
        }
    }

    public var version: UInt8
    public var flags: UInt32
    public var entries: [Entry]
    /// Bytes after the counted entries, kept so the box is written back as read.
    public var trailing: [UInt8]

    public init(entries: [Entry]) {
        version = 0
        flags = 0
        self.entries = entries
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        let count = try reader.checkedCount(try reader.readUInt32(), entrySize: 8, what: "keys entry count")
        entries = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let start = reader
            let size = try reader.readUInt32()
            guard size >= 8, Int(size) - 4 <= reader.remaining else {
                throw start.error(.invalidSize("key \(index + 1) size \(size) exceeds the keys box"))
            }
            let namespace = try reader.readFourCC()
            entries.append(Entry(namespace: namespace, value: Array(try reader.readBytes(Int(size) - 8))))
        }
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(entries.count))
        for entry in entries {
            writer.write(UInt32(8 + entry.value.count))
            writer.write(entry.namespace)
            writer.write(bytes: entry.value)
        }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("entries", .table(entries.count) { .text("\(entries[$0].namespace)/\(entries[$0].key)") })]
    }
}
