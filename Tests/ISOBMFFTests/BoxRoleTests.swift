import ISOBMFF
import Testing

/// The parts players need, as the registry names them for a privacy edit: the children ISO/IEC
/// 14496-12 defines for each structure box, and the configuration boxes of a sample entry
/// whatever its format; nothing else.
@Suite struct BoxRoleTests {
    static let registry = BoxRegistry.isobmff

    static func role(_ type: FourCC, in parent: FourCC, grandparent: FourCC? = nil) -> BoxRole? {
        registry.role(of: type, in: BoxContext(parent: parent, grandparent: grandparent))
    }

    /// ISO/IEC 14496-12 §8.2–§8.8: the boxes each container holds.
    @Test(arguments: [("mvhd", "moov"), ("trak", "moov"), ("tkhd", "trak"), ("tref", "trak"), ("elst", "edts"),
                      ("mdhd", "mdia"), ("elng", "mdia"), ("udta", "mdia"), ("stbl", "minf"), ("dref", "dinf"), ("stsz", "stbl"),
                      ("co64", "stbl"), ("sgpd", "stbl"), ("trex", "mvex"), ("traf", "moof"), ("trun", "traf"),
                      ("tfdt", "traf"), ("senc", "traf")] as [(FourCC, FourCC)])
    func structureIsKnown(_ type: FourCC, _ parent: FourCC) {
        #expect(Self.role(type, in: parent) == .structure)
    }

    /// A sample entry of any format (a child of `stsd`) is structure; its children are
    /// configuration when a specification defines them, whatever the entry's format.
    @Test func sampleEntriesAndTheirConfiguration() {
        #expect(Self.role("avc1", in: "stsd") == .structure)
        #expect(Self.role("abcd", in: "stsd") == .structure)
        for (type, entry) in [("avcC", "avc1"), ("hvcC", "hev1"), ("esds", "mp4a"), ("dac3", "ac-3"), ("colr", "apch"),
                              ("dOps", "Opus"), ("vttC", "wvtt"), ("sinf", "encv")] as [(FourCC, FourCC)] {
            #expect(Self.role(type, in: entry, grandparent: "stsd") == .codecConfiguration, "\(type) in \(entry)")
        }
    }

    /// Anything else is no part players need: an unknown type, a known type in the wrong
    /// container, free space, a sample entry's unknown child.
    @Test(arguments: [("zzzz", "moov", nil), ("stsz", "moov", nil), ("free", "minf", nil), ("udta", "moof", nil),
                      ("mdat", "moov", nil), ("zzzz", "avc1", "stsd"), ("avcC", "stbl", nil)] as [(FourCC, FourCC, FourCC?)])
    func everythingElseIsUnknown(_ type: FourCC, _ parent: FourCC, _ grandparent: FourCC?) {
        #expect(Self.role(type, in: parent, grandparent: grandparent) == nil)
    }

    /// Every row cites where the box is defined.
    @Test func everyRoleRowCitesItsSpecification() {
        let rows = Self.registry.rules.filter { $0.role != nil }
        #expect(rows.count > 100)
        #expect(rows.allSatisfy { !$0.specification.isEmpty })
        #expect(Self.registry.conflicts.isEmpty)
    }
}
