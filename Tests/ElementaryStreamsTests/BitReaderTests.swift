@testable import ElementaryStreams
import Testing

/// Header fields are read MSB first, as ISO/IEC 14496-3 and ETSI TS 102 366 write their syntax
/// tables; a width the reader cannot hold and a header that ends early are errors, never traps.
struct BitReaderTests {
    @Test func fieldsAreReadMostSignificantBitFirst() throws {
        var bits = BitReader([0xFF, 0xF1, 0x50][...], baseOffset: 100)
        #expect(try bits.read(12, "syncword") == 0xFFF)
        #expect(try bits.read(1, "ID") == 0)
        #expect(try bits.read(2, "layer") == 0)
        #expect(try bits.flag("protection_absent"))
        #expect(try bits.read(2, "profile") == 1)
        #expect(bits.position == 18)
    }

    @Test(arguments: [-1, 33])
    func aWidthOutsideZeroToThirtyTwoIsAnError(width: Int) {
        var bits = BitReader([UInt8](repeating: 0, count: 8)[...], baseOffset: 100)
        #expect { try bits.read(width, "field") } throws: { ($0 as? ElementaryStreamError)?.kind == .unsupported }
    }

    @Test func aHeaderEndingInsideAFieldIsTruncated() {
        var bits = BitReader([0xFF][...], baseOffset: 100)
        #expect { try bits.read(12, "syncword") } throws: { error in
            guard let error = error as? ElementaryStreamError else { return false }
            return error.kind == .truncated && error.offset == 100
        }
    }
}
