/// The body shared by the table boxes of `stbl` (`stts`, `ctts`, `stsc`, `stss`, `stps`, `stco`,
/// `co64`): version and flags, a 32-bit entry count, fixed-size records, and any bytes after them.
public struct TableBoxBody: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var entries: PackedTable
    public var trailing: [UInt8]

    public init(entries: PackedTable) {
        self.version = 0
        self.flags = 0
        self.entries = entries
        self.trailing = []
    }

    /// Reads the body; the entry count is checked against the bytes before any record is read.
    public init(parsing reader: inout ByteReader, recordSize: Int) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        entries = try PackedTable(reading: &reader, count: UInt64(try reader.readUInt32()), stride: recordSize,
                                  what: "entry count")
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(entries.count))
        writer.write(bytes: entries.bytes)
        writer.write(bytes: trailing)
    }

    public var count: Int { entries.count }
}
