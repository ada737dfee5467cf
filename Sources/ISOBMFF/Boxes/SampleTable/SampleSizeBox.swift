/// `stsz` (sample sizes, 32-bit, or one size for all) and `stz2` (compact sizes of 4, 8 or 16
/// bits). ISO/IEC 14496-12 §8.7.3; QTFF "Sample size atom". In `stbl`, exactly one of the two.
public struct SampleSizeBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stsz", "stz2"]
    public var boxType: FourCC { isCompact ? "stz2" : "stsz" }

    /// The full box version.
    public var version: UInt8
    /// The full box flags.
    public var flags: UInt32
    /// Whether this is an `stz2`.
    public var isCompact: Bool
    /// `stsz`: the size of every sample, or 0 when sizes are in the table.
    public var constantSize: UInt32
    /// `stz2`: 4, 8 or 16; `stsz`: 32.
    public var fieldSize: Int
    /// The number of samples.
    public var sampleCount: UInt32
    /// The packed sizes (empty when `constantSize` is non-zero).
    public var table: ArraySlice<UInt8>
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A 32-bit table of sizes.
    public init(sizes: [UInt32]) {
        version = 0
        flags = 0
        isCompact = false
        constantSize = 0
        fieldSize = 32
        sampleCount = UInt32(sizes.count)
        table = PackedTable(uint32s: sizes).bytes
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        isCompact = type == "stz2"
        if isCompact {
            let word = try reader.readUInt32()
            constantSize = word >> 8
            fieldSize = Int(word & 0xFF)
            guard [4, 8, 16].contains(fieldSize) else {
                throw reader.error(.invalidValue("stz2 field size \(fieldSize) (must be 4, 8 or 16)"))
            }
        } else {
            constantSize = try reader.readUInt32()
            fieldSize = 32
        }
        sampleCount = try reader.readUInt32()
        if !isCompact && constantSize != 0 {
            table = []
        } else {
            let bits = UInt64(sampleCount) * UInt64(fieldSize)
            let byteCount = (bits + 7) / 8
            guard byteCount <= UInt64(reader.remaining) else {
                throw reader.error(.countExceedsBox(what: "sample count", count: UInt64(sampleCount)))
            }
            table = try reader.readBytes(Int(byteCount))
        }
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        if isCompact { writer.write(constantSize << 8 | UInt32(fieldSize)) } else { writer.write(constantSize) }
        writer.write(sampleCount)
        writer.write(bytes: table)
        writer.write(bytes: trailing)
    }

    /// The size of sample `index` (0-based; must be below `sampleCount`).
    public func size(ofSample index: Int) -> UInt32 {
        if !isCompact && constantSize != 0 { return constantSize }
        let base = table.startIndex
        switch fieldSize {
        case 4:
            let byte = table[base + index / 2]
            return UInt32(index % 2 == 0 ? byte >> 4 : byte & 0x0F)
        case 8:
            return UInt32(table[base + index])
        case 16:
            return UInt32(table[base + index * 2]) << 8 | UInt32(table[base + index * 2 + 1])
        default:
            let start = base + index * 4
            return UInt32(table[start]) << 24 | UInt32(table[start + 1]) << 16 | UInt32(table[start + 2]) << 8 | UInt32(table[start + 3])
        }
    }

    public var fields: [BoxField] {
        [BoxField("constantSize", .int(constantSize)), BoxField("fieldSize", .int(fieldSize)),
         BoxField("sampleCount", .int(sampleCount)),
         BoxField("sizes", .table(constantSize != 0 && !isCompact ? 0 : Int(sampleCount)) { .int(size(ofSample: $0)) })]
    }
}
