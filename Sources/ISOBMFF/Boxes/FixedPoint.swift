/// Conversions of the fixed-point numbers boxes store as raw integers.
public enum FixedPoint {
    /// A signed 16.16 value (rates, matrix a/b/c/d/x/y, track width and height).
    public static func value(ofFixed16_16 raw: Int32) -> Double { Double(raw) / 65536 }
    /// An unsigned 16.16 value.
    public static func value(ofUnsigned16_16 raw: UInt32) -> Double { Double(raw) / 65536 }
    /// An 8.8 value (volume).
    public static func value(ofFixed8_8 raw: Int16) -> Double { Double(raw) / 256 }
    /// A 2.30 value (matrix u/v/w).
    public static func value(ofFixed2_30 raw: Int32) -> Double { Double(raw) / 1_073_741_824 }
}

/// A 3×3 transformation matrix as stored in `mvhd` and `tkhd`: a, b, u, c, d, v, x, y, w with
/// u, v, w in 2.30 and the rest in 16.16.
public struct TransformationMatrix: Hashable, Sendable {
    /// The nine stored values, row by row: a, b, u / c, d, v / x, y, w.
    public var a, b, u, c, d, v, x, y, w: Int32

    /// The identity matrix: no scaling, rotation or translation.
    public static let identity = TransformationMatrix(a: 0x0001_0000, b: 0, u: 0, c: 0, d: 0x0001_0000, v: 0,
                                                      x: 0, y: 0, w: 0x4000_0000)

    /// A matrix of the nine stored values.
    public init(a: Int32, b: Int32, u: Int32, c: Int32, d: Int32, v: Int32, x: Int32, y: Int32, w: Int32) {
        (self.a, self.b, self.u, self.c, self.d, self.v, self.x, self.y, self.w) = (a, b, u, c, d, v, x, y, w)
    }

    init(parsing reader: inout ByteReader) throws(BoxError) {
        self.init(a: try reader.readInt32(), b: try reader.readInt32(), u: try reader.readInt32(),
                  c: try reader.readInt32(), d: try reader.readInt32(), v: try reader.readInt32(),
                  x: try reader.readInt32(), y: try reader.readInt32(), w: try reader.readInt32())
    }

    func encode(into writer: inout ByteWriter) {
        for value in [a, b, u, c, d, v, x, y, w] { writer.write(value) }
    }

    var fieldValue: BoxFieldValue {
        .list([
            .number(FixedPoint.value(ofFixed16_16: a)), .number(FixedPoint.value(ofFixed16_16: b)),
            .number(FixedPoint.value(ofFixed2_30: u)), .number(FixedPoint.value(ofFixed16_16: c)),
            .number(FixedPoint.value(ofFixed16_16: d)), .number(FixedPoint.value(ofFixed2_30: v)),
            .number(FixedPoint.value(ofFixed16_16: x)), .number(FixedPoint.value(ofFixed16_16: y)),
            .number(FixedPoint.value(ofFixed2_30: w)),
        ])
    }
}
