import ISOBMFF
@testable import Metadata
import Testing

/// The `mebx` key table and sample codecs against the byte layouts of QTFF "Timed Metadata
/// Media" (key table atom, key atoms with `keyd`/`dtyp`/`loca`, sample value atoms).
@Suite struct TimedMetadataCodecTests {
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// A timed location key (QTFF's example key, local ID 1 instead of its `wher`):
    /// `00000038 00000001 | 00000030 'keyd' 'mdta' "com.apple.quicktime.location.ISO6709"` then
    /// `dtyp` namespace 0, type 1 (UTF-8): `00000010 'dtyp' 00000000 00000001`.
    static let locationKeyAtom: [UInt8] = bytes("00000048 00000001 00000030 6B657964 6D647461")
        + Array("com.apple.quicktime.location.ISO6709".utf8) + bytes("00000010 64747970 00000000 00000001")
    /// The sample of the same example: `0000001F 00000001 "+27.5916+086.5640+8850/"`.
    static let locationSample: [UInt8] = bytes("0000001F 00000001") + Array("+27.5916+086.5640+8850/".utf8)

    @Test func decodesTheSpecExampleKey() throws {
        var reader = ByteReader(Self.locationKeyAtom)
        let table = try MetadataKeyTable(parsing: &reader, type: "keys")
        #expect(table.keys == [TimedMetadataKey(localID: 1, identifier: MetadataIdentifier(.quickTimeMetadata, "com.apple.quicktime.location.ISO6709"),
                                                namespace: "mdta", dataType: .utf8)])
        #expect(table.payload == Self.locationKeyAtom)
    }

    @Test func decodesTheSpecExampleSample() throws {
        var reader = ByteReader(Self.locationSample)
        let sample = try TimedMetadataSample(parsing: &reader)
        #expect(sample.values == [TimedMetadataSample.Value(localID: 1, bytes: Array("+27.5916+086.5640+8850/".utf8))])
        #expect(sample.encoded() == Self.locationSample)
    }

    @Test func placeholderAndReservedAtomsAreSkipped() throws {
        // A NULL atom with 4 bytes of padding, the value, then a reserved 0xFFFFFFFF atom.
        let bytes = Self.bytes("0000000C 00000000 00000000") + Self.locationSample + Self.bytes("00000009 FFFFFFFF 00")
        var reader = ByteReader(bytes)
        #expect(try TimedMetadataSample(parsing: &reader).values.map(\.localID) == [1])
        var gap = ByteReader(TimedMetadataSample.placeholder)
        #expect(try TimedMetadataSample(parsing: &gap).values.isEmpty)
        #expect(TimedMetadataSample(values: []).encoded() == Self.bytes("00000008 00000000"))
    }

    @Test func keyAtomsKeepDataTypeNamesLocalesAndUserDataKeys() throws {
        let keys = [
            TimedMetadataKey(localID: 7, identifier: MetadataIdentifier(.quickTimeMetadata, "com.apple.quicktime.detected-face"),
                             dataTypeName: "com.apple.quicktime.detected-face", locale: "en-US"),
            TimedMetadataKey(localID: 2, identifier: MetadataIdentifier(.quickTimeUserData, "©xyz"), dataType: .utf8),
        ]
        let payload = MetadataKeyTable(keys: keys).payload
        // udta keys are four-character codes: ©xyz is A9 78 79 7A.
        // 8 + keyd (12 + 33) + dtyp (12 + 33) + loca (8 + 6: QTFF "Locale string" is
        // NUL-terminated) = 112.
        #expect(payload.starts(with: Self.bytes("00000070 00000007")))
        let udtaKey = Self.bytes("00000028 00000002 00000010 6B657964 75647461 A978797A 00000010 64747970 00000000 00000001")
        #expect(Array(payload.suffix(udtaKey.count)) == udtaKey)
        var reader = ByteReader(payload)
        #expect(try MetadataKeyTable(parsing: &reader, type: "keys").keys == keys)
    }

    @Test func unknownChildrenOfKeyAtomsAreIgnored() throws {
        // Apple's video-orientation key (iPhone 14 Pro): keyd, dtyp 66 (int16), and an sdpd atom.
        var key = Self.bytes("0000005D 00000001 00000031 6B657964 6D647461") + Array("com.apple.quicktime.video-orientation".utf8)
        key += Self.bytes("00000010 64747970 00000000 00000042 00000014 73647064 0000000C 73647069 00000000")
        var reader = ByteReader(key)
        let table = try MetadataKeyTable(parsing: &reader, type: "keys")
        #expect(table.keys.map(\.identifier.description) == ["mdta/com.apple.quicktime.video-orientation"])
        #expect(table.keys.first?.dataType == .int16)
    }

    @Test(arguments: [
        ("a key atom larger than the table", "00000040 00000001 0000000C 6B657964 6D647461"),
        ("a keyd larger than its key atom", "00000014 00000001 00000030 6B657964 6D647461"),
        ("a key atom without keyd", "00000008 00000001"),
        ("local key ID 0", "00000014 00000000 0000000C 6B657964 6D647461"),
        ("local key ID 0xFFFFFFFF", "00000014 FFFFFFFF 0000000C 6B657964 6D647461"),
        ("a local key ID declared twice", "00000014 00000001 0000000C 6B657964 6D647461 00000014 00000001 0000000C 6B657964 6D647461"),
        ("an atom size below 8", "00000004 00000001"),
        ("a dtyp without its type code", "0000001C 00000001 0000000C 6B657964 6D647461 00000008 64747970"),
    ])
    func damagedKeyTablesAreErrors(_ what: String, _ hex: String) {
        var reader = ByteReader(Self.bytes(hex), baseOffset: 100, path: "mebx/keys")
        #expect(throws: BoxError.self, "\(what)") { try MetadataKeyTable(parsing: &reader, type: "keys") }
    }

    @Test func damagedSamplesAreErrorsWithTheirOffset() throws {
        var reader = ByteReader(Self.bytes("00000020 00000001 2B"), baseOffset: 4096, path: "sample 1")
        let error = try #require(throws: BoxError.self) { try TimedMetadataSample(parsing: &reader) }
        #expect(error.location == BoxLocation(path: "sample 1", offset: 4096))
        var short = ByteReader(Self.bytes("00000007 00000001"))
        #expect(throws: BoxError.self) { try TimedMetadataSample(parsing: &short) }
        var partial = ByteReader(Self.bytes("000000"))
        #expect(throws: BoxError.self) { try TimedMetadataSample(parsing: &partial) }
    }
}
