import ISOBMFF

/// Nero's chapter list, `moov/udta/chpl`: a full box whose entries are a 64-bit start in
/// units of 100 ns and an 8-bit-length title.
///
/// No standard defines it; the layout is what its readers agree on. Version 0: version and
/// flags, then an 8-bit entry count (FFmpeg, libavformat/mov.c `mov_read_chpl`). Version 1 (what
/// FFmpeg's `mov_write_chpl_tag` and mp4v2 write): version and flags, a reserved byte, then a
/// 32-bit entry count; FFmpeg reads the same bytes as four reserved bytes and an 8-bit count,
/// which agrees while the count is below 256, and mp4v2 (`MP4ChplAtom`) writes counts above it.
public struct NeroChapterBox: BoxModel, Hashable {
    /// One entry: start in 100 ns units of movie time, and the title.
    public struct Entry: Sendable, Hashable {
        public var start: UInt64
        /// The title's bytes as stored (at most 255; UTF-8 in practice).
        public var titleBytes: [UInt8]

        /// The title as text (bytes that are not UTF-8 read as U+FFFD).
        public var title: String { String(decoding: titleBytes, as: UTF8.self) }
    }

    /// The start times' unit: 10,000,000 per second.
    public static let timescale: UInt32 = 10_000_000

    public var version: UInt8
    public var flags: UInt32
    /// Version 1: the byte between the flags and the 32-bit entry count.
    public var reserved: UInt8
    public var entries: [Entry]
    /// Bytes after the last entry, kept so the box is written back as read.
    public var trailing: [UInt8]

    /// Decodes a loaded `chpl` box; a count larger than the box can hold, or a title running
    /// past its end, is an error at the field's offset.
    public init(_ box: Box) throws(BoxError) {
        var reader = try box.payloadReader()
        (version, flags) = try reader.readVersionAndFlags()
        let declared: UInt32
        if version == 0 {
            reserved = 0
            declared = UInt32(try reader.readUInt8())
        } else {
            reserved = try reader.readUInt8()
            declared = try reader.readUInt32()
        }
        // Each entry takes at least 9 bytes (start and title length).
        let count = try reader.checkedCount(declared, entrySize: 9, what: "chapter count")
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let start = try reader.readUInt64()
            let length = Int(try reader.readUInt8())
            entries.append(Entry(start: start, titleBytes: Array(try reader.readBytes(length))))
        }
        self.entries = entries
        trailing = Array(reader.readRemaining())
    }

    /// The box: version 0 counts entries in 8 bits, so it holds at most 255 of them.
    public func makeBox() -> Box {
        var writer = ByteWriter()
        writer.writeVersionAndFlags(version: version, flags: flags)
        let written = version == 0 ? entries.prefix(Int(UInt8.max)) : entries[...]
        if version == 0 {
            writer.write(UInt8(written.count))
        } else {
            writer.write(reserved)
            writer.write(UInt32(clamping: written.count))
        }
        for entry in written {
            writer.write(entry.start)
            writer.write(UInt8(clamping: entry.titleBytes.count))
            writer.write(bytes: entry.titleBytes.prefix(Int(UInt8.max)))
        }
        writer.write(bytes: trailing)
        return Box(type: "chpl", payload: writer.bytes)
    }

    /// The fields a box dump shows: each entry's start in 100 ns units and its title.
    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("entryCount", .int(entries.count)),
         BoxField("entries", .table(entries.count) { .list([.int(entries[$0].start), .text(entries[$0].title)]) })]
    }
}
