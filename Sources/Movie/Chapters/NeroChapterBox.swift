import Conversion
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
        /// When the chapter starts, in 100 ns units.
        public var start: UInt64
        /// The title's bytes as stored (at most 255; UTF-8 in practice).
        public var titleBytes: [UInt8]

        /// The title as text (bytes that are not UTF-8 read as U+FFFD).
        public var title: String { String(decoding: titleBytes, as: UTF8.self) }

        /// Creates an entry from its start in 100 ns units and its title's bytes as stored.
        public init(start: UInt64, titleBytes: [UInt8]) {
            self.start = start
            self.titleBytes = titleBytes
        }

        /// An entry titled `title` as UTF-8.
        public init(start: UInt64, title: String) {
            self.init(start: start, titleBytes: Array(title.utf8))
        }
    }

    /// The start times' unit: 10,000,000 per second.
    public static let timescale: UInt32 = 10_000_000

    /// The box version: 0 or 1 (which differ in the entry count's width).
    public var version: UInt8
    /// The FullBox flags; none are defined.
    public var flags: UInt32
    /// Version 1: the byte between the flags and the 32-bit entry count.
    public var reserved: UInt8
    /// The chapters, in file order.
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

extension NeroChapterBox {
    /// The most entries a list holds for every reader: FFmpeg and mutagen read the count as
    /// one byte.
    public static let maxEntries = 255
    /// The longest title in bytes: its length is one byte.
    public static let maxTitleBytes = 255

    /// A version 1 list of `chapters` (starts rounded to 100 ns), what FFmpeg writes, and what
    /// did not fit: chapters past the 255th left out, titles longer than 255 bytes cut at a
    /// character boundary.
    public init(chapters: [Chapter]) {
        version = 1
        flags = 0
        reserved = 0
        trailing = []
        entries = chapters.prefix(Self.maxEntries).map { chapter in
            // Whole characters only, so a cut title is still valid UTF-8.
            var title: [UInt8] = []
            for character in chapter.title {
                let bytes = Array(String(character).utf8)
                guard title.count + bytes.count <= Self.maxTitleBytes else { break }
                title += bytes
            }
            let start = max(0, chapter.start.microseconds).multipliedReportingOverflow(by: 10)
            return Entry(start: start.overflow ? UInt64.max : UInt64(start.partialValue), titleBytes: title)
        }
    }

    /// What writing `chapters` as a Nero list loses (``init(chapters:)``).
    public static func losses(writing chapters: [Chapter]) -> [ConversionLoss] {
        var losses: [ConversionLoss] = []
        let long = chapters.prefix(maxEntries).enumerated().filter { $0.element.title.utf8.count > maxTitleBytes }.map { $0.offset + 1 }
        if !long.isEmpty {
            losses.append(ConversionLoss(kind: .neroTitleLength, subject: .chapter, numbers: long,
                                         message: "titles longer than \(maxTitleBytes) bytes are cut in udta/chpl (its title length is one byte)",
                                         hint: "the chapter track keeps them whole"))
        }
        if chapters.count > maxEntries {
            losses.append(ConversionLoss(kind: .neroChapterCount, subject: .chapter, numbers: Array(maxEntries + 1...chapters.count),
                                         message: "left out of udta/chpl, whose readers (FFmpeg, mutagen) read at most \(maxEntries) chapters",
                                         hint: "the chapter track keeps them"))
        }
        return losses
    }
}

/// Losses of writing chapters as a Nero chapter list.
extension ConversionLoss.Kind {
    /// Chapter titles cut to fit a Nero chapter list's one-byte length.
    public static let neroTitleLength = Self(rawValue: "chpl-title-length")
    /// Chapters past the 255th, which a Nero chapter list's readers do not read.
    public static let neroChapterCount = Self(rawValue: "chpl-chapter-count")
}
