import ISOBMFF
import LegibleTestSupport
import Testing

/// Which row of a registry answers which question, the rows ISOBMFF gives the parser, and the
/// version check in front of the codecs.
@Suite struct BoxRegistryTests {
    /// A model that records which row decoded it.
    struct Marker: BoxModel {
        var row: String
        var fields: [BoxField] { [BoxField("row", .text(row))] }
        func makeBox() -> Box { Box(type: "mark", payload: []) }
    }

    static func marking(_ type: BoxTypeMatch, _ placement: BoxPlacement, versions: ClosedRange<UInt8>? = nil) -> BoxRule {
        let row = "\(type) \(placement)"
        return BoxRule(type, placement, versions: versions, codec: BoxCodec { _, _ in Marker(row: row) }, specification: "test")
    }

    static func row(_ registry: BoxRegistry, _ type: FourCC, parent: FourCC?, grandparent: FourCC? = nil) -> String? {
        let context = BoxContext(parent: parent, grandparent: grandparent)
        guard case let .success(model)? = registry.decode(Box(type: type, payload: [0]), in: context) else { return nil }
        return (model as? Marker)?.row
    }

    /// The type in its parent, then `©xxx` items and any type in the parent, then the type in
    /// its grandparent's items, then the type at file level or anywhere.
    @Test func theMostSpecificRowAnswers() {
        let registry = BoxRegistry([
            Self.marking(.type("abcd"), .anywhere), Self.marking(.anyType, .inside(["prnt"])),
            Self.marking(.copyrightSymbolItems, .inside(["prnt"])), Self.marking(.type("abcd"), .inside(["prnt"])),
            Self.marking(.type("abcd"), .insideItemOf("gran")), Self.marking(.type("abcd"), .fileLevel),
        ])
        #expect(registry.conflicts.isEmpty)
        #expect(Self.row(registry, "abcd", parent: "prnt") == "'abcd' in 'prnt'")
        #expect(Self.row(registry, "©nam", parent: "prnt") == "'©xxx' in 'prnt'")
        #expect(Self.row(registry, "wxyz", parent: "prnt") == "any type in 'prnt'")
        #expect(Self.row(registry, "abcd", parent: "item", grandparent: "gran") == "'abcd' in items of 'gran'")
        #expect(Self.row(registry, "abcd", parent: "else") == "'abcd' anywhere")
        #expect(Self.row(registry, "abcd", parent: nil) == "'abcd' at file level")
        #expect(Self.row(registry, "wxyz", parent: "else") == nil)
    }

    /// A second row stating the same fact in the same place is reported, and the first is used:
    /// composition puts ISOBMFF's rows first.
    @Test func aRowStatingAFactTwiceIsAConflict() {
        let first = BoxRegistry([Self.marking(.type("abcd"), .anywhere)])
        let second = BoxRegistry([Self.marking(.type("abcd"), .anywhere), Self.marking(.type("efgh"), .inside(["prnt"]))])
        let composed = BoxRegistry(composing: [first, second])
        #expect(composed.conflicts.count == 1)
        #expect(composed.rules.count == 3)
        #expect(Self.row(composed, "efgh", parent: "prnt") == "'efgh' in 'prnt'")
    }

    /// A FullBox of a version the codec does not read is reported at its version byte, not
    /// decoded as another version's layout.
    @Test func anUnknownVersionIsAnErrorAtTheVersionByte() throws {
        // The size of a version 1 `tkhd` (ISO/IEC 14496-12 §8.3.2).
        var bytes = TestBox.leaf("tkhd", [2] + [UInt8](repeating: 0, count: 103)).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        let tkhd = try #require(file.boxes.first)
        let result = try #require(BoxRegistry.isobmff.decode(tkhd, in: BoxContext()))
        guard case let .failure(error) = result else {
            Issue.record("a version 2 tkhd decoded")
            return
        }
        #expect(error.location?.offset == 8)
        #expect(error.message == "'tkhd' version 2 (Legible reads version 0 to 1)")
        bytes[8] = 1
        let versionOne = try #require(BoxTreeParser.parse(MemoryByteSource(bytes)).boxes.first)
        #expect(try BoxRegistry.isobmff.fields(of: versionOne, in: BoxContext())?.get() != nil)
    }

    /// ISOBMFF's layouts: structure wherever it is, user data lenient, a parent's rule before a
    /// type's, sample entries by format then by handler.
    @Test func isobmffLayouts() {
        let registry = BoxRegistry.isobmff
        func layout(_ type: FourCC, in parent: FourCC?, handler: FourCC? = nil, payload: [UInt8] = []) -> ContainerLayout? {
            registry.layout(of: type, parent: parent, handler: handler, payloadStart: payload[...])
        }
        #expect(layout("trak", in: "ilst") == ContainerLayout(prefixSize: 0, isTentative: false))
        #expect(layout("udta", in: "wave") == nil)
        #expect(layout("udta", in: "trak") == ContainerLayout(prefixSize: 0, isTentative: true))
        #expect(layout("©nam", in: "udta") == nil)
        #expect(layout("©nam", in: "ilst") == ContainerLayout(prefixSize: 0, isTentative: true))
        #expect(layout("stsd", in: "stbl") == ContainerLayout(prefixSize: 8, isTentative: true, prefixCountsChildren: true))
        #expect(layout("tx3g", in: "stsd", handler: "sbtl") == ContainerLayout(prefixSize: 38, isTentative: true))
        #expect(layout("wvtt", in: "stsd", handler: "vide") == ContainerLayout(prefixSize: 8, isTentative: true))
        #expect(layout("avc1", in: "stsd", handler: "vide") == ContainerLayout(prefixSize: 78, isTentative: true))
        let soundVersion1 = [UInt8](repeating: 0, count: 8) + [0, 1]
        #expect(layout("mp4a", in: "stsd", handler: "soun", payload: soundVersion1) == ContainerLayout(prefixSize: 44, isTentative: true))
        #expect(layout("mp4a", in: "stsd", handler: "soun", payload: [0, 0]) == nil)
        let quickTimeMeta = be32(33) + ascii("hdlr")
        #expect(layout("meta", in: "udta", payload: quickTimeMeta) == ContainerLayout(prefixSize: 0, isTentative: true))
        #expect(layout("meta", in: "udta", payload: be32(0) + be32(33) + ascii("hdlr")) == ContainerLayout(prefixSize: 4, isTentative: true))
        #expect(registry.fileLevelReading(of: "mdat") == .never)
        #expect(registry.fileLevelReading(of: "moov") == .tree)
        #expect(registry.fileLevelReading(of: "ftyp") == nil)
    }
}
