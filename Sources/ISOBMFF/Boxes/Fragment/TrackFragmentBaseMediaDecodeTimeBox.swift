/// `tfdt` — track fragment base media decode time. ISO/IEC 14496-12 §8.8.12
/// TrackFragmentBaseMediaDecodeTimeBox. In `traf`, at most one.
///
/// The decode time of the fragment's first sample, in the media timescale: 32 bits in version
/// 0, 64 in version 1. Other versions have no defined layout and are refused.
public struct TrackFragmentBaseMediaDecodeTimeBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["tfdt"]
    public var boxType: FourCC { "tfdt" }

    /// The decode time of the fragment's first sample, in the media timescale.
    public var baseMediaDecodeTime: UInt64
    /// The full box version, 1 for a 64-bit time, and flags (none are defined).
    public var version: UInt8 = 1, flags: UInt32 = 0
    /// Bytes after the time, kept so that the box is written back as it was.
    public var trailing: [UInt8] = []

    /// A decode time written in 64 bits (version 1), as CMAF asks (ISO/IEC 23000-19 §7.5.16).
    public init(baseMediaDecodeTime: UInt64) { self.baseMediaDecodeTime = baseMediaDecodeTime }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        guard version <= 1 else { throw reader.error(.unsupportedVersion(box: "tfdt", version: version, reads: 0...1)) }
        baseMediaDecodeTime = try reader.readUInt(wide: version == 1)
        trailing = Array(reader.readRemaining())
    }

    /// Written as version 1 when the time no longer fits version 0's 32 bits, so it is never cut short.
    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1 || baseMediaDecodeTime > UInt64(UInt32.max)
        writer.writeVersionAndFlags(version: wide ? 1 : version, flags: flags)
        writer.write(baseMediaDecodeTime, wide: wide)
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("baseMediaDecodeTime", .int(baseMediaDecodeTime))]
    }
}
