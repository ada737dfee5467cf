import Testing
@testable import TimedText

/// Every two-byte code of ANSI/CTA-608-E against the standard's own tables: the miscellaneous
/// control codes and tab offsets (§6.3), the preamble address codes and mid-row codes (§6.2),
/// and what is left unassigned. The expected meanings are transcribed from the tables, with odd
/// parity worked out here, independently of the decoder's parity code.
@Suite("CEA-608 code tables")
struct CEA608CodeTableTests {
    /// A seven-bit byte with odd parity in bit 7 (CTA-608-E §4.1).
    static func odd(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount % 2 == 0 ? byte | 0x80 : byte }

    /// The first byte of the miscellaneous control codes of each channel, parity included: field 1
    /// 0x14 (data channel 1) and 0x1C (data channel 2), field 2 0x15 and 0x1D.
    static let controlFirstByte: [CEA608Channel: UInt8] = [.cc1: 0x94, .cc2: 0x1C, .cc3: 0x15, .cc4: 0x9D]

    /// The miscellaneous control codes: mnemonic and second byte, parity included (the words
    /// 9420 … 942f of every SCC file for CC1).
    static let controlCodes: [(mnemonic: String, second: UInt8)] = [
        ("RCL", 0x20), ("BS", 0xA1), ("AOF", 0xA2), ("AON", 0x23), ("DER", 0xA4), ("RU2", 0x25), ("RU3", 0x26), ("RU4", 0xA7),
        ("FON", 0xA8), ("RDC", 0x29), ("TR", 0x2A), ("RTD", 0xAB), ("EDM", 0x2C), ("CR", 0xAD), ("ENM", 0xAE), ("EOC", 0x2F),
    ]

    /// The preamble address code rows: the first byte (data channel 1) and whether the second
    /// byte is in 0x60–0x7F rather than 0x40–0x5F. Row 11 has only the lower half.
    static let pacRows: [Int: (first: UInt8, upper: Bool)] = [
        1: (0x11, false), 2: (0x11, true), 3: (0x12, false), 4: (0x12, true), 5: (0x15, false), 6: (0x15, true),
        7: (0x16, false), 8: (0x16, true), 9: (0x17, false), 10: (0x17, true), 11: (0x10, false), 12: (0x13, false),
        13: (0x13, true), 14: (0x14, false), 15: (0x14, true),
    ]

    /// A PAC's second byte, bits 1–4 (the underline bit is bit 0): white, green, blue, cyan, red,
    /// yellow, magenta, italics (white), then indents 0, 4, … 28 (white).
    static let pacAttributes: [(color: CEA608Color, italic: Bool, indent: Int)] = [
        (.white, false, 0), (.green, false, 0), (.blue, false, 0), (.cyan, false, 0),
        (.red, false, 0), (.yellow, false, 0), (.magenta, false, 0), (.white, true, 0),
        (.white, false, 0), (.white, false, 4), (.white, false, 8), (.white, false, 12),
        (.white, false, 16), (.white, false, 20), (.white, false, 24), (.white, false, 28),
    ]

    /// The mid-row codes, second byte 0x20–0x2F: colour or italics, then underline.
    static let midRowCodes: [(color: CEA608Color, italic: Bool, underline: Bool)] = [
        (.white, false, false), (.white, false, true), (.green, false, false), (.green, false, true),
        (.blue, false, false), (.blue, false, true), (.cyan, false, false), (.cyan, false, true),
        (.red, false, false), (.red, false, true), (.yellow, false, false), (.yellow, false, true),
        (.magenta, false, false), (.magenta, false, true), (.white, true, false), (.white, true, true),
    ]

    /// Bit 3 of a code's first byte: set for data channel 2.
    static func channelBit(_ channel: CEA608Channel) -> UInt8 { channel.dataChannel == 2 ? 0x08 : 0 }

    @Test(arguments: CEA608Channel.allCases)
    func everyMiscellaneousControlCode(on channel: CEA608Channel) throws {
        let first = try #require(Self.controlFirstByte[channel])
        for (mnemonic, second) in Self.controlCodes {
            let pair = CEA608BytePair(first, second)
            guard case let .control(code, dataChannel) = CEA608Command(pair, field: channel.field) else {
                Issue.record("\(channel) \(pair.hexWord) (\(mnemonic)) is \(CEA608Command(pair, field: channel.field))")
                continue
            }
            #expect(code.mnemonic == mnemonic, "\(channel) \(pair.hexWord)")
            #expect(dataChannel == channel.dataChannel, "\(channel) \(mnemonic)")
            // And the encoder sends the table's pair.
            #expect(code.pair(on: channel) == pair, "\(channel) \(mnemonic)")
        }
    }

    @Test(arguments: CEA608Channel.allCases)
    func tabOffsets(on channel: CEA608Channel) {
        // TO1–TO3: 0x17 / 0x1F and 0x21–0x23, in either field.
        for columns in 1...3 {
            let pair = CEA608BytePair(Self.odd(0x17 | Self.channelBit(channel)), Self.odd(0x20 + UInt8(columns)))
            #expect(CEA608Command(pair, field: channel.field) == .tabOffset(columns, dataChannel: channel.dataChannel), "\(channel) TO\(columns)")
            #expect(CEA608ControlCode.tabOffset(columns, on: channel) == pair)
        }
    }

    @Test(arguments: CEA608Channel.allCases)
    func everyPreambleAddressCode(on channel: CEA608Channel) {
        for row in 1...15 {
            let (first, upper) = Self.pacRows[row]!
            for low in UInt8(0)...0x1F {
                let pair = CEA608BytePair(Self.odd(first | Self.channelBit(channel)), Self.odd((upper ? 0x60 : 0x40) | low))
                let entry = Self.pacAttributes[Int(low >> 1)]
                let attributes = CEA608TextAttributes(color: entry.color, isItalic: entry.italic, isUnderlined: low & 1 == 1)
                let expected = CEA608PreambleAddressCode(row: row, indent: entry.indent, attributes: attributes)
                #expect(CEA608Command(pair, field: channel.field) == .preamble(expected, dataChannel: channel.dataChannel),
                        "\(channel) \(pair.hexWord): row \(row)")
            }
        }
    }

    @Test(arguments: CEA608Channel.allCases)
    func everyMidRowCode(on channel: CEA608Channel) {
        for (index, entry) in Self.midRowCodes.enumerated() {
            let pair = CEA608BytePair(Self.odd(0x11 | Self.channelBit(channel)), Self.odd(0x20 + UInt8(index)))
            let attributes = CEA608TextAttributes(color: entry.color, isItalic: entry.italic, isUnderlined: entry.underline)
            #expect(CEA608Command(pair, field: channel.field) == .midRow(attributes, dataChannel: channel.dataChannel), "\(channel) \(pair.hexWord)")
        }
    }

    /// Of the 1,024 two-byte codes of a data channel (first byte 0x10–0x17, second 0x00–0x7F),
    /// the tables assign 637: 480 PACs (64 for each of 0x11–0x17, 32 for row 11), 16
    /// background attributes (0x10 0x20–0x2F), 16 mid-row and 16 special characters (0x11),
    /// 64 extended characters (0x12, 0x13), 16 control codes each under 0x14 and 0x15 (0x14 in
    /// field 2 and 0x15 in field 1 are accepted, as decoders do for older encoders), and 13
    /// codes under 0x17 (TO1–TO3, the seven character-set codes 0x24–0x2A, BT, FA, FAU). The
    /// other 387 are unassigned; in field 1, the XDS first bytes 0x01–0x0F are too.
    @Test func unassignedCodesAreCountedNotShown() {
        var unassigned = [CEA608Field.one: 0, .two: 0]
        var decoder = CEA608Decoder()
        var frame: Int64 = 0
        for field in [CEA608Field.one, .two] {
            for first in UInt8(0x10)...0x1F {
                for second in UInt8(0)...0x7F {
                    let pair = CEA608BytePair(Self.odd(first), Self.odd(second))
                    if CEA608Command(pair, field: field) == .unassigned { unassigned[field, default: 0] += 1 }
                    if field == .one {
                        decoder.decode(pair, field: field, at: CEA608FrameRate.ntsc.time(ofFrame: frame))
                        frame += 1
                    }
                }
            }
        }
        #expect(unassigned[.one] == 2 * 387)
        #expect(unassigned[.two] == 2 * 387)
        // Field 1 has no XDS: a first byte 0x01–0x0F there is impossible.
        for first in UInt8(0x01)...0x0F {
            for second in UInt8(0)...0x7F {
                decoder.decode(CEA608BytePair(Self.odd(first), Self.odd(second)), field: .one, at: CEA608FrameRate.ntsc.time(ofFrame: frame))
                frame += 1
            }
        }
        let report = decoder.finish(at: CEA608FrameRate.ntsc.time(ofFrame: frame)).report
        #expect(report.unassignedCodes == 2 * 387 + 15 * 128)
        #expect(report.parityErrors == 0)
    }
}
