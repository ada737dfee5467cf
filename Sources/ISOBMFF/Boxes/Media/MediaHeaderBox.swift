/// `mdhd` — media header: timescale, duration and language. ISO/IEC 14496-12 §8.4.2; QTFF
/// "Media header atom". In `mdia`, exactly one.
public struct MediaHeaderBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["mdhd"]
    public var boxType: FourCC { "mdhd" }

    /// Version, flags, times, media timescale and duration.
    public var timing: HeaderTiming
    /// The media's language as a packed ISO 639-2/T code, or a Macintosh language code.
    public var language: MediaLanguage
    /// QuickTime quality; ISO pre_defined.
    public var quality: UInt16
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A new media header.
    public init(timing: HeaderTiming, language: MediaLanguage) {
        self.timing = timing
        self.language = language
        quality = 0
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        timing = try HeaderTiming(parsing: &reader)
        language = MediaLanguage(rawValue: try reader.readUInt16())
        quality = try reader.readUInt16()
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        timing.encode(into: &writer)
        writer.write(language.rawValue)
        writer.write(quality)
        writer.write(bytes: trailing)
    }

    /// Media time units per second.
    public var timescale: UInt32 { timing.timescale }
    /// In media timescale units.
    public var duration: UInt64 { timing.duration }
    /// The duration in seconds; nil when the timescale is 0.
    public var durationSeconds: Double? { timing.durationSeconds }

    public var fields: [BoxField] {
        timing.fields + [BoxField("language", .text(language.description)),
         BoxField("languageCode", .hex(UInt64(language.rawValue), digits: 4))]
    }
}
