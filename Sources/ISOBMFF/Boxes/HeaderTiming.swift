/// The version, flags and times that open `mvhd` and `mdhd`: creation and modification times
/// (seconds since 1904-01-01 UTC), timescale and duration, 32-bit in version 0 and 64-bit in
/// version 1. ISO/IEC 14496-12 §8.2.2 and §8.4.2.
public struct HeaderTiming: Sendable, Equatable {
    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// When the media was created, in seconds since 1904-01-01 UTC; 0 for unknown.
    public var creationTime: UInt64
    /// When it was last modified, in seconds since 1904-01-01 UTC; 0 for unknown.
    public var modificationTime: UInt64
    /// Time units per second.
    public var timescale: UInt32
    /// In timescale units.
    public var duration: UInt64

    /// New timing: version 0 unless a value needs 64 bits (QTFF warns that version 1 media
    /// headers trouble old QuickTime players, so the wide form is used only when needed).
    public init(timescale: UInt32, duration: UInt64, creationTime: UInt64 = 0, modificationTime: UInt64 = 0) {
        let needsWide = max(duration, creationTime, modificationTime) > UInt64(UInt32.max)
        version = needsWide ? 1 : 0
        flags = 0
        self.creationTime = creationTime
        self.modificationTime = modificationTime
        self.timescale = timescale
        self.duration = duration
    }

    /// Sets the duration, switching to version 1 when it no longer fits 32 bits.
    public mutating func setDuration(_ newDuration: UInt64) {
        duration = newDuration
        if newDuration > UInt64(UInt32.max) { version = 1 }
    }

    init(parsing reader: inout ByteReader) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        let wide = version == 1
        creationTime = try reader.readUInt(wide: wide)
        modificationTime = try reader.readUInt(wide: wide)
        timescale = try reader.readUInt32()
        duration = try reader.readUInt(wide: wide)
    }

    /// Written as version 1 when a value no longer fits version 0's 32 bits, so it is never cut short.
    func encode(into writer: inout ByteWriter) {
        let wide = version == 1 || max(creationTime, modificationTime, duration) > UInt64(UInt32.max)
        writer.writeVersionAndFlags(version: wide ? max(version, 1) : version, flags: flags)
        writer.write(creationTime, wide: wide)
        writer.write(modificationTime, wide: wide)
        writer.write(timescale)
        writer.write(duration, wide: wide)
    }

    /// Duration in seconds, nil when the timescale is zero.
    public var durationSeconds: Double? { timescale == 0 ? nil : Double(duration) / Double(timescale) }

    var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("creationTime", .int(creationTime)), BoxField("modificationTime", .int(modificationTime)),
         BoxField("timescale", .int(timescale)), BoxField("duration", .int(duration))]
    }
}
