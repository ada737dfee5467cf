/// The well-known data type of a value (the type indicator of a `data` atom, or a timed
/// metadata key's `dtyp` in namespace 0). QTFF "Well-known types".
public struct MetadataDataType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// No type: iTunes binary items such as `trkn` and `disk`.
    public static let reserved = Self(rawValue: 0)
    /// UTF-8 text without a terminator.
    public static let utf8 = Self(rawValue: 1)
    /// Big-endian UTF-16 text.
    public static let utf16 = Self(rawValue: 2)
    /// Shift-JIS, deprecated.
    public static let shiftJIS = Self(rawValue: 3)
    /// UTF-8 text, the sort form of another item's value.
    public static let utf8Sort = Self(rawValue: 4)
    /// Big-endian UTF-16 text, the sort form of another item's value.
    public static let utf16Sort = Self(rawValue: 5)
    /// A JPEG (JFIF) image.
    public static let jpeg = Self(rawValue: 13)
    /// A PNG image.
    public static let png = Self(rawValue: 14)
    /// Big-endian signed integer of 1, 2, 3, 4 or 8 bytes.
    public static let signedInteger = Self(rawValue: 21)
    /// Big-endian unsigned integer of 1, 2, 3, 4 or 8 bytes.
    public static let unsignedInteger = Self(rawValue: 22)
    /// Big-endian IEEE 754 32-bit float.
    public static let float32 = Self(rawValue: 23)
    /// Big-endian IEEE 754 64-bit float.
    public static let float64 = Self(rawValue: 24)
    /// A Windows bitmap (BMP) image.
    public static let bmp = Self(rawValue: 27)
    /// A nested QuickTime metadata atom.
    public static let metadataAtom = Self(rawValue: 28)
    /// Signed 8-bit integer.
    public static let int8 = Self(rawValue: 65)
    /// Big-endian signed 16-bit integer.
    public static let int16 = Self(rawValue: 66)
    /// Big-endian signed 32-bit integer.
    public static let int32 = Self(rawValue: 67)
    /// A point: x and y as big-endian float32.
    public static let pointF32 = Self(rawValue: 70)
    /// Dimensions: width and height as big-endian float32.
    public static let dimensionsF32 = Self(rawValue: 71)
    /// A rectangle: x, y, width and height as big-endian float32.
    public static let rectF32 = Self(rawValue: 72)
    /// Big-endian signed 64-bit integer.
    public static let int64 = Self(rawValue: 74)
    /// Unsigned 8-bit integer.
    public static let uint8 = Self(rawValue: 75)
    /// Big-endian unsigned 16-bit integer.
    public static let uint16 = Self(rawValue: 76)
    /// Big-endian unsigned 32-bit integer.
    public static let uint32 = Self(rawValue: 77)
    /// Big-endian unsigned 64-bit integer.
    public static let uint64 = Self(rawValue: 78)
    /// A 3×3 matrix of big-endian float64.
    public static let affineTransformF64 = Self(rawValue: 79)

    private static let names: [UInt32: String] = [
        0: "reserved", 1: "utf8", 2: "utf16", 3: "sjis", 4: "utf8-sort", 5: "utf16-sort",
        13: "jpeg", 14: "png", 21: "signed-int", 22: "unsigned-int", 23: "float32", 24: "float64",
        27: "bmp", 28: "metadata-atom", 65: "int8", 66: "int16", 67: "int32", 70: "point-f32",
        71: "dimensions-f32", 72: "rect-f32", 74: "int64", 75: "uint8", 76: "uint16", 77: "uint32",
        78: "uint64", 79: "affine-transform-f64",
    ]

    /// The type a name stands for: a short name as ``description`` gives it (`utf8`, `int16`,
    /// `type 80`), or a decimal code (`66`).
    public init?(name: String) {
        if let code = Self.names.first(where: { $0.value == name })?.key {
            self.init(rawValue: code)
        } else if let code = UInt32(name.hasPrefix("type ") ? String(name.dropFirst(5)) : name) {
            self.init(rawValue: code)
        } else {
            return nil
        }
    }

    /// A short name (`utf8`, `jpeg`, `int32`), or `type N` for codes QTFF does not define.
    public var description: String { Self.names[rawValue] ?? "type \(rawValue)" }

    /// Whether values of this type are text.
    public var isText: Bool { [1, 2, 3, 4, 5].contains(rawValue) }
}
