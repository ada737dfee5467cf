/// The body shared by the table boxes of `stbl` (`stts`, `ctts`, `stsc`, `stss`, `stps`, `stco`,
/// `co64`): version and flags, a 32-bit entry count, fixed-size records, and any bytes after them.
public struct TableBoxBody: Sendable, Equatable {
    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// The records.
    public var entries: PackedTable
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A version 0 body of `entries`.
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

    /// Writes version, flags, entry count, the records and the trailing bytes.
    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(entries.count))
        writer.write(bytes: entries.bytes)
        writer.write(bytes: trailing)
    }

    /// The number of records.
    public var count: Int { entries.count }
}
