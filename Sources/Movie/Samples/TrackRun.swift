import ISOBMFF

/// A `trun` box (ISO/IEC 14496-12 §8.8.8 TrackRunBox): a run of contiguous samples of one track
/// fragment, each with the fields its flags say it has, the others from the `tfhd` and `trex`
/// defaults. The entries stay packed; ``entry(_:)`` reads one.
public struct TrackRun: Sendable {
    /// One sample's fields, nil where the run leaves them to the defaults.
    public struct Entry: Sendable, Equatable {
        /// Flag 0x100: the sample's duration, in the media timescale.
        public var duration: UInt32?
        /// Flag 0x200: the sample's size in bytes.
        public var size: UInt32?
        /// Flag 0x400: the sample's flags (§8.8.3.1).
        public var flags: UInt32?
        /// Flag 0x800: composition time minus decode time, in the media timescale (signed in version 1).
        public var compositionOffset: Int64?

        /// Creates an entry with the fields given.
        public init(duration: UInt32? = nil, size: UInt32? = nil, flags: UInt32? = nil, compositionOffset: Int64? = nil) {
            self.duration = duration
            self.size = size
            self.flags = flags
            self.compositionOffset = compositionOffset
        }
    }

    /// The box version: 1 makes composition offsets signed.
    public var version: UInt8
    /// Flag 0x001: added to the track fragment's base data offset.
    public var dataOffset: Int32?
    /// Flag 0x004: the first sample's flags, instead of the defaults.
    public var firstSampleFlags: UInt32?
    /// The number of samples in the run.
    public let count: Int
    let hasDuration, hasSize, hasFlags, hasCompositionOffset: Bool
    private let entries: ArraySlice<UInt8>
    private let entrySize: Int

    /// Decodes a `trun` box, checking its sample count against its size.
    public init(_ trun: Box, limits: Limits = .standard) throws(BoxError) {
        var reader = try trun.loaded(limits: limits).payloadReader()
        let (version, flags) = try reader.readVersionAndFlags()
        self.version = version
        let rawCount = try reader.readUInt32()
        dataOffset = flags & 0x001 != 0 ? try reader.readInt32() : nil
        firstSampleFlags = flags & 0x004 != 0 ? try reader.readUInt32() : nil
        hasDuration = flags & 0x100 != 0
        hasSize = flags & 0x200 != 0
        hasFlags = flags & 0x400 != 0
        hasCompositionOffset = flags & 0x800 != 0
        entrySize = [hasDuration, hasSize, hasFlags, hasCompositionOffset].filter { $0 }.count * 4
        count = try reader.checkedCount(rawCount, entrySize: entrySize, what: "trun sample count")
        entries = try reader.readBytes(count * entrySize)
    }

    /// Creates a run of `entries`, each with the fields the first has.
    public init(entries: [Entry], dataOffset: Int32?, firstSampleFlags: UInt32? = nil) {
        version = entries.contains { ($0.compositionOffset ?? 0) < 0 } ? 1 : 0
        self.dataOffset = dataOffset
        self.firstSampleFlags = firstSampleFlags
        count = entries.count
        let first = entries.first
        hasDuration = first?.duration != nil
        hasSize = first?.size != nil
        hasFlags = first?.flags != nil
        hasCompositionOffset = first?.compositionOffset != nil
        entrySize = [hasDuration, hasSize, hasFlags, hasCompositionOffset].filter { $0 }.count * 4
        var writer = ByteWriter(capacity: entries.count * entrySize)
        for entry in entries {
            if hasDuration { writer.write(entry.duration ?? 0) }
            if hasSize { writer.write(entry.size ?? 0) }
            if hasFlags { writer.write(entry.flags ?? 0) }
            if hasCompositionOffset { writer.write(UInt32(truncatingIfNeeded: entry.compositionOffset ?? 0)) }
        }
        self.entries = writer.bytes[...]
    }

    /// The fields of sample `index` (0-based, below ``count``).
    public func entry(_ index: Int) -> Entry {
        var position = entries.startIndex + index * entrySize
        func next() -> UInt32 {
            defer { position += 4 }
            return entries[position..<position + 4].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        }
        var entry = Entry()
        if hasDuration { entry.duration = next() }
        if hasSize { entry.size = next() }
        if hasFlags { entry.flags = next() }
        if hasCompositionOffset {
            let raw = next()
            entry.compositionOffset = version == 0 ? Int64(raw) : Int64(Int32(bitPattern: raw))
        }
        return entry
    }

    /// The encoded box.
    public func makeBox() -> Box {
        var flags: UInt32 = 0
        if dataOffset != nil { flags |= 0x001 }
        if firstSampleFlags != nil { flags |= 0x004 }
        if hasDuration { flags |= 0x100 }
        if hasSize { flags |= 0x200 }
        if hasFlags { flags |= 0x400 }
        if hasCompositionOffset { flags |= 0x800 }
        var writer = ByteWriter(capacity: 20 + entries.count)
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(count))
        if let dataOffset { writer.write(dataOffset) }
        if let firstSampleFlags { writer.write(firstSampleFlags) }
        writer.write(bytes: entries)
        return Box(type: "trun", payload: writer.bytes)
    }
}
