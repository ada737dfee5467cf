/// `mdhd` — media header: timescale, duration and language. ISO/IEC 14496-12 §8.4.2; QTFF
/// "Media header atom". In `mdia`, exactly one.
public struct MediaHeaderBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["mdhd"]
    public var boxType: FourCC { "mdhd" }

    public var version: UInt8
    public var flags: UInt32
    public var creationTime: UInt64
    public var modificationTime: UInt64
    /// Media time units per second.
    public var timescale: UInt32
    /// In media timescale units.
    public var duration: UInt64
    public var language: MediaLanguage
    /// QuickTime quality; ISO pre_defined.
    public var quality: UInt16
    public var trailing: [UInt8]

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        let wide = version == 1
        creationTime = try reader.readUInt(wide: wide)
        modificationTime = try reader.readUInt(wide: wide)
        timescale = try reader.readUInt32()
        duration = try reader.readUInt(wide: wide)
        language = MediaLanguage(rawValue: try reader.readUInt16())
        quality = try reader.readUInt16()
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(creationTime, wide: wide)
        writer.write(modificationTime, wide: wide)
        writer.write(timescale)
        writer.write(duration, wide: wide)
        writer.write(language.rawValue)
        writer.write(quality)
        writer.write(bytes: trailing)
    }

    /// Duration in seconds, nil when the timescale is zero.
    public var durationSeconds: Double? { timescale == 0 ? nil : Double(duration) / Double(timescale) }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("timescale", .int(timescale)),
         BoxField("duration", .int(duration)), BoxField("language", .text(language.description)),
         BoxField("languageCode", .hex(UInt64(language.rawValue), digits: 4))]
    }
}
