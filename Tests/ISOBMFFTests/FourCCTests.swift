import Testing
import ISOBMFF

/// Four-character codes from literals and strings: the bytes a file holds (ISO/IEC 14496-12
/// §4.2, a box type is four bytes; iTunes metadata keys such as `©nam` are `A9 6E 61 6D`).
@Suite struct FourCCTests {
    @Test func literalsAreTheirBytes() {
        #expect(("moof" as FourCC).rawValue == 0x6D6F_6F66)
        #expect(("©nam" as FourCC).rawValue == 0xA96E_616D)
        #expect(("ab" as FourCC).rawValue == 0x6162_2020, "padded with spaces")
        #expect(("€abc" as FourCC).rawValue == 0x3F61_6263, "past Latin-1: ?")
        #expect(("abcdef" as FourCC).rawValue == 0x6162_6364, "the first four")
    }

    @Test func aStringGivesWhatItsLiteralGives() {
        for (text, literal): (String, FourCC) in [("moof", "moof"), ("©nam", "©nam"), ("ab", "ab"), ("€abc", "€abc"), ("abcdef", "abcdef")] {
            #expect(FourCC(stringLiteral: text) == literal, "\(text)")
        }
    }
}
