import Testing
@testable import Metadata

/// Values against QTFF's "Well-known types" table: sizes and byte order come from the spec.
@Suite struct MetadataValueTests {
    @Test func integersDecodeBigEndianWithSign() {
        #expect(MetadataValue(decoding: [0xFF, 0xFE], as: .signedInteger) == .integer(-2))
        #expect(MetadataValue(decoding: [0xFF, 0xFE], as: .unsignedInteger) == .unsignedInteger(65534))
        #expect(MetadataValue(decoding: [0x80], as: .int8) == .integer(-128))
        #expect(MetadataValue(decoding: [0, 0, 1, 0], as: .uint32) == .unsignedInteger(256))
    }

    @Test func aSizeTheTypeDoesNotAllowKeepsTheBytes() {
        #expect(MetadataValue(decoding: [1, 2, 3], as: .int16) == .bytes([1, 2, 3]))
        #expect(MetadataValue(decoding: [1, 2, 3, 4, 5], as: .signedInteger) == .bytes([1, 2, 3, 4, 5]))
        #expect(MetadataValue(decoding: [9], as: MetadataDataType(rawValue: 99)) == .bytes([9]))
    }

    @Test func floatsAndTextRoundTrip() {
        let point = MetadataValue.floats([1.5, -2.25])
        #expect(MetadataValue(decoding: point.encoded(as: .pointF32)[...], as: .pointF32) == point)
        let float = MetadataValue.float(0.1)
        #expect(MetadataValue(decoding: float.encoded(as: .float64)[...], as: .float64) == float)
        // UTF-16 is big-endian (QTFF type 2).
        #expect(MetadataValue.text("é").encoded(as: .utf16) == [0x00, 0xE9])
        #expect(MetadataValue(decoding: [0x00, 0xE9], as: .utf16) == .text("é"))
    }

    @Test func genericIntegersTakeTheNarrowestWidth() {
        #expect(MetadataValue.integer(-1).encoded(as: .signedInteger) == [0xFF])
        #expect(MetadataValue.integer(300).encoded(as: .signedInteger) == [0x01, 0x2C])
        #expect(MetadataValue.unsignedInteger(70000).encoded(as: .unsignedInteger) == [0, 1, 0x11, 0x70])
        #expect(MetadataValue.integer(5).encoded(as: .int32) == [0, 0, 0, 5])
    }

    @Test func iso6709PointsParseAndPrintAsAppleWritesThem() throws {
        let point = try #require(ISO6709Point(parsing: "+48.8584+002.2945+035.000/"))
        #expect(point.latitude == 48.8584 && point.longitude == 2.2945 && point.altitude == 35)
        #expect(point.description == "+48.8584+002.2945+035.000/")
        #expect(ISO6709Point(parsing: "-33.8688+151.2093/")?.description == "-33.8688+151.2093/")
        #expect(ISO6709Point(parsing: "+27.5916+086.5640+8850CRSWGS_84/")?.altitude == 8850)
        #expect(ISO6709Point(parsing: "north") == nil)
        #expect(ISO6709Point(parsing: "+95.0+000.0/") == nil)
    }
}
