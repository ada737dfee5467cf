import Testing
@testable import ISOBMFF

/// The small tables a parse keeps instead of dictionaries: ordinals of a container's children
/// and the registry's values by box type. Expected values come from counting and from a
/// `Dictionary` filled the same way.
@Suite struct ParserTablesTests {
    /// Twenty types in turn, more than the list keeps, each several times: every ordinal is one
    /// more than the children of that type before it.
    @Test func siblingOrdinalsCountPastTheList() {
        var ordinals = SiblingOrdinals()
        let types = (0..<20).map { FourCC(rawValue: 0x6162_6300 + UInt32($0)) }
        var sequence: [FourCC] = []
        for round in 0..<3 { sequence += types.shuffled() + types.prefix(round + 1) }
        var seen: [FourCC] = []
        for type in sequence {
            let expected = seen.filter { $0 == type }.count + 1
            #expect(ordinals.next(type) == expected, "\(type)")
            seen.append(type)
        }
        for type in types { #expect(ordinals.count(of: type) == seen.filter { $0 == type }.count) }
        #expect(ordinals.count(of: "none") == 0)
    }

    /// Codes that share their high bits (the table's slot comes from the product's top bits),
    /// set, overwritten and looked up, agree with a dictionary; absent codes are nil.
    @Test func fourCCTableAgreesWithADictionary() {
        var table = FourCCTable<Int>()
        var dictionary: [FourCC: Int] = [:]
        #expect(table["moov"] == nil)
        let codes = (0..<300).map { FourCC(rawValue: UInt32($0) &* 0x0101_0101 ^ 0x2020_2020) } + (0..<40).map { FourCC(rawValue: 0x6D00_0000 + UInt32($0)) } + ["moov", "trak", "©nam"]
        for (value, code) in codes.enumerated() {
            table[code] = value
            dictionary[code] = value
        }
        for code in codes.prefix(50) {
            table[code] = -1
            dictionary[code] = -1
        }
        #expect(table.count == dictionary.count)
        for code in codes { #expect(table[code] == dictionary[code], "\(code)") }
        for missing in ["mdat", "free", "zzzy"] as [FourCC] { #expect(table[missing] == nil) }
    }

    /// The registry answers as its rows say after the move to these tables: a `moof` is a
    /// container at file level, `trun` a leaf in `traf`, `mdia/hdlr` passes its handler on.
    @Test func registryAnswersAsBefore() {
        let registry = BoxRegistry.isobmff
        #expect(registry.layout(of: "moof", parent: nil, handler: nil, payloadStart: []) != nil)
        #expect(registry.layout(of: "traf", parent: "moof", handler: nil, payloadStart: []) != nil)
        #expect(registry.layout(of: "trun", parent: "traf", handler: nil, payloadStart: []) == nil)
        #expect(registry.role(of: "trun", in: BoxContext(parent: "traf")) != nil)
        #expect(registry.role(of: "zzzz", in: BoxContext(parent: "traf")) == nil)
        #expect(registry.fileLevelReading(of: "mdat") != nil)
        #expect(registry.conflicts.isEmpty)
    }
}
