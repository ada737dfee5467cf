import ISOBMFF

/// The key table of a QuickTime metadata `meta` (`keys`, a FullBox): entries numbered from 1,
/// each a namespace (`mdta` for reverse-DNS keys) and the key's bytes (QTFF "Metadata item keys
/// atom"). `ilst` items name their key by this 1-based index.
public struct MetadataKeysBox: BoxPayload {
    public static var boxTypes: Set<FourCC> { ["keys"] }
    public var boxType: FourCC { "keys" }

    /// One key of the table: its namespace and its bytes.
    public struct Entry: Hashable, Sendable {
        /// The key namespace: `mdta` for reverse-DNS keys, `udta` for four-character codes.
        public var namespace: FourCC
        /// The key's bytes as written (UTF-8 for `mdta`).
        public var value: [UInt8]

        /// Creates an entry from its namespace and raw key bytes.
        public init(namespace: FourCC, value: [UInt8]) {
            self.namespace = namespace
            self.value = value
        }

        /// Creates an entry whose key is `key` in UTF-8.
        public init(namespace: FourCC = "mdta", key: String) {
            self.init(namespace: namespace, value: Array(key.utf8))
        }

        /// The key as text: UTF-8 for `mdta`, the four characters for `udta`-style keys.
        public var key: String {
            namespace == "mdta" || value.count != 4 ? String(decoding: value, as: UTF8.self)
                : FourCC(rawValue: value.reduce(0) { ($0 << 8) | UInt32($1) }).description
        }
    }

    /// The FullBox version; 0 is the only one defined.
    public var version: UInt8
    /// The FullBox flags; none are defined.
    public var flags: UInt32
    /// The keys in table order: entry *n* is key index *n* + 1.
    public var entries: [Entry]
    /// Bytes after the counted entries, kept so the box is written back as read.
    public var trailing: [UInt8]

    /// Creates a version 0 table of `entries`.
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
