/// `ftyp` — file type and compatibility. ISO/IEC 14496-12 §4.3; QTFF "File type compatibility
/// atom". Top level, first significant box, at most one. QuickTime files carry the brand `qt  `.
public struct FileTypeBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["ftyp"]
    public var boxType: FourCC { "ftyp" }

    /// The brand the file is best read as (`qt  `, `isom`, `mp42`, `M4V `).
    public var majorBrand: FourCC
    /// The version of the major brand.
    public var minorVersion: UInt32
    /// Every brand the file conforms to.
    public var compatibleBrands: [FourCC]
    /// Bytes after the last whole brand (a malformed box), kept for exact writing.
    public var trailing: [UInt8]

    /// A file type box.
    public init(majorBrand: FourCC, minorVersion: UInt32, compatibleBrands: [FourCC]) {
        self.majorBrand = majorBrand
        self.minorVersion = minorVersion
        self.compatibleBrands = compatibleBrands
        self.trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        majorBrand = try reader.readFourCC()
        minorVersion = try reader.readUInt32()
        compatibleBrands = []
        while reader.remaining >= 4 { compatibleBrands.append(try reader.readFourCC()) }
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(majorBrand)
        writer.write(minorVersion)
        for brand in compatibleBrands { writer.write(brand) }
        writer.write(bytes: trailing)
    }

    /// Whether QuickTime rules apply: `qt  ` is the major or a compatible brand.
    public var isQuickTime: Bool { majorBrand == "qt  " || compatibleBrands.contains("qt  ") }

    public var fields: [BoxField] {
        [BoxField("majorBrand", .code(majorBrand)), BoxField("minorVersion", .hex(UInt64(minorVersion), digits: 8)),
         BoxField("compatibleBrands", .list(compatibleBrands.map { .code($0) }))]
    }
}
