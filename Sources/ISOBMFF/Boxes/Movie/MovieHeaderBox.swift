/// `mvhd` — movie header. ISO/IEC 14496-12 §8.2.2; QTFF "Movie header atom". In `moov`, exactly one.
public struct MovieHeaderBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["mvhd"]
    public var boxType: FourCC { "mvhd" }

    /// Version, flags, times, movie timescale and duration.
    public var timing: HeaderTiming
    /// 16.16
    public var preferredRate: Int32
    /// 8.8
    public var preferredVolume: Int16
    /// Ten reserved bytes.
    public var reserved: [UInt8]
    /// The transformation of the movie's display.
    public var matrix: TransformationMatrix
    /// QuickTime preview/poster/selection/current times; zero (pre_defined) in ISO files.
    public var quickTimeTimes: [UInt32]
    /// The ID the next new track takes: greater than every track ID in use.
    public var nextTrackID: UInt32
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A new movie header: rate 1.0, full volume, identity matrix.
    public init(timing: HeaderTiming, nextTrackID: UInt32) {
        self.timing = timing
        preferredRate = 0x0001_0000
        preferredVolume = 0x0100
        reserved = [UInt8](repeating: 0, count: 10)
        matrix = .identity
        quickTimeTimes = [UInt32](repeating: 0, count: 6)
        self.nextTrackID = nextTrackID
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        timing = try HeaderTiming(parsing: &reader)
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
        timing.encode(into: &writer)
        writer.write(preferredRate)
        writer.write(preferredVolume)
        writer.write(bytes: reserved)
        matrix.encode(into: &writer)
        for time in quickTimeTimes { writer.write(time) }
        writer.write(nextTrackID)
        writer.write(bytes: trailing)
    }

    /// The movie timescale: units per second.
    public var timescale: UInt32 { timing.timescale }
    /// The duration, in movie timescale units.
    public var duration: UInt64 { timing.duration }
    /// The duration in seconds; nil when the timescale is 0.
    public var durationSeconds: Double? { timing.durationSeconds }

    public var fields: [BoxField] {
        timing.fields + [BoxField("preferredRate", .number(FixedPoint.value(ofFixed16_16: preferredRate))),
         BoxField("preferredVolume", .number(FixedPoint.value(ofFixed8_8: preferredVolume))),
         BoxField("matrix", matrix.fieldValue), BoxField("nextTrackID", .int(nextTrackID))]
    }
}
