import Foundation
import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// `kind` (ISO/IEC 14496-12 §8.10.4): FullBox, then `schemeURI` and `value` as NUL-terminated
/// UTF-8 strings.
@Suite struct TrackKindBoxTests {
    static let dashRoles = "urn:mpeg:dash:role:2011"

    func decode(_ payload: [UInt8]) throws(BoxError) -> TrackKindBox {
        var reader = ByteReader(payload)
        return try TrackKindBox(parsing: &reader, type: "kind")
    }

    @Test func decodesSchemeAndValue() throws {
        let payload: [UInt8] = [0, 0, 0, 0] + ascii(Self.dashRoles) + [0] + ascii("caption") + [0]
        let kind = try decode(payload)
        #expect(kind.schemeURI == Self.dashRoles)
        #expect(kind.value == "caption")
        #expect(kind.payload == payload)
        #expect(TrackKindBox(schemeURI: Self.dashRoles, value: "caption").payload == payload)
    }

    @Test func keepsVersionFlagsEmptyValueAndPaddingForAnExactRoundTrip() throws {
        let payload: [UInt8] = [1, 0, 0, 5] + ascii("urn:example:kind") + [0] + [0] + [0, 0, 0xAB]
        let kind = try decode(payload)
        #expect(kind.version == 1 && kind.flags == 5)
        #expect(kind.value.isEmpty)
        #expect(kind.trailing == [0, 0, 0xAB])
        #expect(kind.payload == payload)
    }

    @Test(arguments: [
        ([0, 0, 0, 0] + ascii("urn:mpeg:dash:role:2011"), "kind scheme URI is not NUL-terminated"),
        ([0, 0, 0, 0] + ascii("urn:mpeg:dash:role:2011") + [0] + ascii("caption"), "kind value is not NUL-terminated"),
        ([0, 0], nil),   // shorter than the FullBox header
    ] as [([UInt8], String?)])
    func malformedKindIsAnError(payload: [UInt8], message: String?) {
        let error = #expect(throws: BoxError.self) { try decode(payload) }
        if let message { #expect(error?.message == message) }
    }

    @Test func dumpShowsTheFieldsInUserData() throws {
        let box = TrackKindBox(schemeURI: Self.dashRoles, value: "forced-subtitle").makeBox()
        let fields = try #require(BoxRegistry.isobmff.fields(of: box, in: BoxContext(parent: "udta"))).get()
        #expect(fields == [BoxField("schemeURI", .text(Self.dashRoles)), BoxField("value", .text("forced-subtitle"))])
    }

    /// ffmpeg wrote these (TestMedia/README.md: subtitles-multi.mp4 tracks 4 and 5).
    @Test func ffmpegKindBoxesDecodeAndWriteBackUnchanged() throws {
        let file = BoxTreeParser.parse(try FileByteSource(path: TestPaths.testMedia.appendingPathComponent("subtitles-multi.mp4").path))
        let traks = try #require(file.box("moov")).children("trak")
        let kinds = traks.compactMap { $0.child("udta")?.child("kind") }
        #expect(kinds.count == 2)
        var values: [String] = []
        for box in kinds {
            let kind = try TrackKindBox(box)
            values.append(kind.value)
            #expect(kind.schemeURI == Self.dashRoles)
            #expect(kind.payload[...] == box.data)
        }
        #expect(values == ["caption", "forced-subtitle"])
    }
}
