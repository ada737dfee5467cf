/// `mfro` — movie fragment random access offset. ISO/IEC 14496-12 §8.8.11
/// MovieFragmentRandomAccessOffsetBox. Last in `mfra`, exactly one.
///
/// The size of the enclosing `mfra`, so that a reader can find it from the end of the file.
public struct MovieFragmentRandomAccessOffsetBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["mfro"]
    public var boxType: FourCC { "mfro" }

    /// The size in bytes of the enclosing `mfra`, this box included.
    public var size: UInt32
    /// The full box version (only 0 is defined) and flags (none are).
    public var version: UInt8 = 0, flags: UInt32 = 0
    /// Bytes after the size, kept so that the box is written back as it was.
    public var trailing: [UInt8] = []

    /// A version 0 offset box giving the `mfra`'s `size`.
    public init(size: UInt32) { self.size = size }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        size = try reader.readUInt32()
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(size)
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)), BoxField("size", .int(size))]
    }
}
