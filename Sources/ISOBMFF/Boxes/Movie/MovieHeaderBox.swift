/// `mvhd` — movie header. ISO/IEC 14496-12 §8.2.2; QTFF "Movie header atom". In `moov`, exactly one.
public struct MovieHeaderBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["mvhd"]
    public var boxType: FourCC { "mvhd" }

    public var version: UInt8
    public var flags: UInt32
    /// Seconds since 1904-01-01 UTC.
    public var creationTime: UInt64
    public var modificationTime: UInt64
    /// Movie time units per second.
    public var timescale: UInt32
    /// In movie timescale units.
    public var duration: UInt64
    /// 16.16
    public var preferredRate: Int32
    /// 8.8
    public var preferredVolume: Int16
    public var reserved: [UInt8]
    public var matrix: TransformationMatrix
    /// QuickTime preview/poster/selection/current times; zero (pre_defined) in ISO files.
    public var quickTimeTimes: [UInt32]
    public var nextTrackID: UInt32
    public var trailing: [UInt8]

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        let wide = version == 1
        creationTime = try reader.readUInt(wide: wide)
        modificationTime = try reader.readUInt(wide: wide)
        timescale = try reader.readUInt32()
        duration = try reader.readUInt(wide: wide)
        preferredRate = try reader.readInt32()
        preferredVolume = try reader.readInt16()
        reserved = Array(try reader.readBytes(10))
        matrix = try TransformationMatrix(parsing: &reader)
        quickTimeTimes = []
        for _ in 0..<6 { quickTimeTimes.append(try reader.readUInt32()) }
        nextTrackID = try reader.readUInt32()
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(creationTime, wide: wide)
        writer.write(modificationTime, wide: wide)
        writer.write(timescale)
        writer.write(duration, wide: wide)
        writer.write(preferredRate)
        writer.write(preferredVolume)
        writer.write(bytes: reserved)
        matrix.encode(into: &writer)
        for time in quickTimeTimes { writer.write(time) }
        writer.write(nextTrackID)
        writer.write(bytes: trailing)
    }

    /// Duration in seconds, nil when the timescale is zero.
    public var durationSeconds: Double? { timescale == 0 ? nil : Double(duration) / Double(timescale) }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("creationTime", .int(creationTime)), BoxField("modificationTime", .int(modificationTime)),
         BoxField("timescale", .int(timescale)), BoxField("duration", .int(duration)),
         BoxField("preferredRate", .number(FixedPoint.value(ofFixed16_16: preferredRate))),
         BoxField("preferredVolume", .number(FixedPoint.value(ofFixed8_8: preferredVolume))),
         BoxField("matrix", matrix.fieldValue), BoxField("nextTrackID", .int(nextTrackID))]
    }
}
