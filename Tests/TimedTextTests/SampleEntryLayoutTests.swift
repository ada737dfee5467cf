import ISOBMFF
import LegibleTestSupport
import Testing
@testable import TimedText

/// A `tx3g` or `wvtt` entry that was read encodes back to its bytes however its writer laid it
/// out: reserved bytes that are not zero, boxes in another order, no `ftab`, text that ends in
/// a NUL. A changed value is written the description's own way.
@Suite struct SampleEntryLayoutTests {
    /// The 30 bytes of `tx3g` fields after the SampleEntry bytes: flags, justification,
    /// background, default text box, default style.
    static let tx3gFields = be32(0) + [0x01, 0xFF] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 8)
        + be16(0) + be16(0) + be16(1) + [0, 18] + [0xFF, 0xFF, 0xFF, 0xFF]
    static var btrt: TestBox { .leaf("btrt", be32(0) + be32(1000) + be32(800)) }
    static var ftab: TestBox { .leaf("ftab", be16(1) + be16(1) + [5] + ascii("Serif")) }

    static func entry(_ type: String, reserved: [UInt8] = [0, 0, 0, 0, 0, 0], fields: [UInt8] = [], _ children: [TestBox]) throws -> Box {
        let bytes = TestBox.container(type, prefix: reserved + be16(1) + fields, children).bytes
        return try #require(try BoxTreeParser.parseBoxes(bytes).first)
    }

    static func payload(_ box: Box) throws -> [UInt8] {
        Array(try box.encoded().dropFirst(Int(box.headerForWriting.headerSize)))
    }

    @Test(arguments: [
        ("no ftab", btrt.bytes),
        ("btrt before ftab", btrt.bytes + ftab.bytes),
        ("ftab with a name that is not UTF-8", btrt.bytes + TestBox.leaf("ftab", be16(1) + be16(1) + [2, 0xC3, 0x28]).bytes),
        ("ftab with bytes after its fonts", TestBox.leaf("ftab", be16(1) + be16(1) + [5] + ascii("Serif") + [0]).bytes),
    ])
    func tx3gEntryKeepsItsLayout(_ layout: String, _ children: [UInt8]) throws {
        let box = try Self.entry("tx3g", reserved: [0, 0, 0, 0, 0, 9], fields: Self.tx3gFields, [.raw(children)])
        let description = try Tx3gSampleDescription(box)
        #expect(try Self.payload(description.makeBox()) == Self.payload(box), "\(layout)")
    }

    @Test func tx3gEntryWithChangedFontsWritesItsOwnFontTable() throws {
        let box = try Self.entry("tx3g", fields: Self.tx3gFields, [Self.btrt])
        var description = try Tx3gSampleDescription(box)
        #expect(description.fonts.isEmpty)
        description.fonts = [.init(id: 1, name: "Serif")]
        // The new ftab goes first, where the description writes one.
        #expect(try Self.payload(description.makeBox()) == [0, 0, 0, 0, 0, 0] + be16(1) + Self.tx3gFields + Self.ftab.bytes + Self.btrt.bytes)
    }

    @Test func wvttEntryKeepsItsLayout() throws {
        let vttC = TestBox.leaf("vttC", ascii("WEBVTT") + [0])
        let vlab = TestBox.leaf("vlab", ascii("source"))
        let box = try Self.entry("wvtt", reserved: [1, 0, 0, 0, 0, 0], [vlab, Self.btrt, vttC])
        var description = try WebVTTSampleDescription(box)
        #expect(description.configuration == "WEBVTT")
        #expect(description.sourceLabel == "source")
        #expect(try Self.payload(description.makeBox()) == Self.payload(box))

        description.configuration = "WEBVTT\n\nSTYLE\n::cue { color: lime }"
        description.sourceLabel = nil
        let changed = TestBox.leaf("vttC", ascii(description.configuration))
        #expect(try Self.payload(description.makeBox()) == [1, 0, 0, 0, 0, 0] + be16(1) + Self.btrt.bytes + changed.bytes)
    }

    /// A label added to an entry read without one is written after `vttC`.
    @Test func wvttLabelAddedAfterTheConfiguration() throws {
        let vttC = TestBox.leaf("vttC", ascii("WEBVTT"))
        var description = try WebVTTSampleDescription(try Self.entry("wvtt", [vttC, Self.btrt]))
        description.sourceLabel = "label"
        let vlab = TestBox.leaf("vlab", ascii("label"))
        #expect(try Self.payload(description.makeBox()) == [0, 0, 0, 0, 0, 0] + be16(1) + vttC.bytes + vlab.bytes + Self.btrt.bytes)
    }
}
