import ISOBMFF

/// Nero's chapter list, `moov/udta/chpl`: a full box whose entries are a 64-bit start in
/// units of 100 ns and an 8-bit-length title.
///
/// No standard defines it; the layout is what its readers agree on. Version 0: version and
/// flags, then an 8-bit entry count (FFmpeg, libavformat/mov.c `mov_read_chpl`). Version 1 (what
/// FFmpeg's `mov_write_chpl_tag` and mp4v2 write): version and flags, a reserved byte, then a
/// 32-bit entry count; FFmpeg reads the same bytes as four reserved bytes and an 8-bit count,
/// which agrees while the count is below 256, and mp4v2 (`MP4ChplAtom`) writes counts above it.
public struct NeroChapterBox: Sendable, Hashable {
    /// One entry: start in 100 ns units of movie time, and the title bytes as UTF-8.
    public struct Entry: Sendable, Hashable {
        /// When the chapter starts, in 100 ns units.
        public var start: UInt64
        /// The title.
        public var title: String
    }

    /// The start times' unit: 10,000,000 per second.
    public static let timescale: UInt32 = 10_000_000

    /// The box version: 0 or 1 (which differ in the entry count's width).
    public var version: UInt8
    /// The chapters, in file order.
    public var entries: [Entry]

    /// Decodes a loaded `chpl` box; a count larger than the box can hold, or a title running
    /// past its end, is an error at the field's offset.
    public init(_ box: Box) throws(BoxError) {
        var reader = try box.payloadReader()
        let versionAndFlags = try reader.readUInt32()
        version = UInt8(versionAndFlags >> 24)
        let declared: UInt32
        if version == 0 {
            declared = UInt32(try reader.readUInt8())
        } else {
            try reader.skip(1)
            declared = try reader.readUInt32()
        }
        // Each entry takes at least 9 bytes (start and title length).
        let count = try reader.checkedCount(declared, entrySize: 9, what: "chapter count")
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let start = try reader.readUInt64()
            let length = Int(try reader.readUInt8())
            let title = try reader.readBytes(length)
            entries.append(Entry(start: start, title: String(decoding: title, as: UTF8.self)))
        }
        self.entries = entries
    }
}
