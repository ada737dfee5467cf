/// `elst` — edit list. ISO/IEC 14496-12 §8.6.6; QTFF "Edit list atom". In `trak/edts`, at most one.
public struct EditListBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["elst"]
    public var boxType: FourCC { "elst" }

    /// One edit: a span of the movie timeline showing media from `mediaTime` (-1 = empty edit).
    public struct Entry: Hashable, Sendable {
        /// In movie timescale units.
        public var segmentDuration: UInt64
        /// In media timescale units; -1 for an empty edit.
        public var mediaTime: Int64
        /// 16.16 (QuickTime) or integer.fraction (ISO): the same bytes for rate 1.
        public var mediaRate: Int32

        /// An edit that shows `segmentDuration` movie units of the media from `mediaTime` (-1: an
        /// empty edit) at `mediaRate`.
        public init(segmentDuration: UInt64, mediaTime: Int64, mediaRate: Int32 = 0x0001_0000) {
            self.segmentDuration = segmentDuration
            self.mediaTime = mediaTime
            self.mediaRate = mediaRate
        }
    }

    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// The edits, in play order.
    public var entries: [Entry]
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A version 0 list of `entries` (written as version 1 when a value needs it).
    public init(entries: [Entry]) {
        version = 0
        flags = 0
        self.entries = entries
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        let wide = version == 1
        let count = try reader.checkedCount(try reader.readUInt32(), entrySize: wide ? 20 : 12, what: "entry count")
        entries = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let duration = try reader.readUInt(wide: wide)
            let time = wide ? try reader.readInt64() : Int64(try reader.readInt32())
            entries.append(Entry(segmentDuration: duration, mediaTime: time, mediaRate: try reader.readInt32()))
        }
        trailing = Array(reader.readRemaining())
    }

    /// Written as version 1 when an entry no longer fits version 0's 32 bits, so no value is cut short.
    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1 || entries.contains { entry in
            entry.segmentDuration > UInt64(UInt32.max) || Int32(exactly: entry.mediaTime) == nil
        }
        writer.writeVersionAndFlags(version: wide ? max(version, 1) : version, flags: flags)
        writer.write(UInt32(clamping: entries.count))
        for entry in entries {
            writer.write(entry.segmentDuration, wide: wide)
            if wide { writer.write(entry.mediaTime) } else { writer.write(Int32(truncatingIfNeeded: entry.mediaTime)) }
            writer.write(entry.mediaRate)
        }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("entryCount", .int(entries.count)),
         BoxField("entries", .table(entries.count) { index in
             let entry = entries[index]
             return .list([.int(entry.segmentDuration), .int(entry.mediaTime),
                           .number(FixedPoint.value(ofFixed16_16: entry.mediaRate))])
         })]
    }
}
