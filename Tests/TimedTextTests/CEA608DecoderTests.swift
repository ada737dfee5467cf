import Testing
@testable import TimedText

/// Golden decoding: the expected characters and layouts are written from ANSI/CTA-608-E's
/// tables (§6.2 preamble address and mid-row codes, §6.3 control codes, §6.4 character sets),
/// not from the decoder's output.
@Suite("CEA-608 decoder")
struct CEA608DecoderTests {
    /// Decodes SCC lines (timecode, tab, words) given without the header.
    static func decode(_ lines: String) throws -> CEA608Captions {
        try SCCParser.parse(string: SCCParser.header + "\n\n" + lines).captions()
    }

    static func time(frame: Int64) -> SubtitleTime { CEA608FrameRate.ntsc.time(ofFrame: frame) }

    @Test func popOnCaptionAppearsAtEndOfCaptionAndLeavesAtErase() throws {
        // RCL RCL ENM ENM, PAC row 14 indent 4, TO1, "HELLO" (0x4F has odd parity already), EOC EOC.
        let captions = try Self.decode("""
        00:00:01;00\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 c845 4c4c 4f80 942f 942f

        00:00:03;00\t942c 942c
        """)
        let cues = captions.cues(for: .cc1)
        try #require(cues.count == 1)
        #expect(cues[0].text.plainText == "HELLO")
        // The first EOC is the 12th pair after frame 30; 00:00:03;00 is frame 90.
        #expect(cues[0].start == Self.time(frame: 41))
        #expect(cues[0].end == Self.time(frame: 90))
        // Row 14 of 15 is in the lower half; column 5 = indent 4 + TO1.
        #expect(cues[0].placement == .bottom)
        #expect(cues[0].settings.position?.percentage == 10 + 5 * 2.5)
        #expect(captions.channels == [.cc1])
        #expect(captions.report.parityErrors == 0)
    }

    @Test func standardCharactersThatAreNotASCII() throws {
        // 0x2A á, 0x5C é, 0x5E í, 0x5F ó, 0x60 ú, 0x7B ç, 0x7C ÷, 0x7D Ñ, 0x7E ñ, 0x7F solid block.
        let bytes: [UInt8] = [0x2A, 0x5C, 0x5E, 0x5F, 0x60, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F]
        let text = try decodedText(standard: bytes)
        #expect(text == "áéíóúç÷Ññ\u{2588}")
    }

    @Test func specialNorthAmericanCharacters() throws {
        // 0x11 0x30–0x3F: ® ° ½ ¿ ™ ¢ £ ♪ à (transparent space) è â ê î ô û.
        var words: [String] = []
        for second in UInt8(0x30)...0x3F { words.append(CEA608BytePair(data: 0x11, second).hexWord) }
        let text = try decodedText(codes: words)
        #expect(text == "®°½¿™¢£♪à èâêîôû")
    }

    @Test func extendedSpanishFrenchAndMiscellaneous() throws {
        // 0x12 0x20–0x3F, each after a stand-in it replaces.
        #expect(try decodedText(extendedFirst: 0x12, seconds: 0x20...0x2F) == "ÁÉÓÚÜü‘¡*’—©℠•“”")
        #expect(try decodedText(extendedFirst: 0x12, seconds: 0x30...0x3F) == "ÀÂÇÈÊËëÎÏïÔÙùÛ«»")
    }

    @Test func extendedPortugueseGermanAndDanish() throws {
        // 0x13 0x20–0x3F.
        #expect(try decodedText(extendedFirst: 0x13, seconds: 0x20...0x2F) == "ÃãÍÌìÒòÕõ{}\\^_|~")
        #expect(try decodedText(extendedFirst: 0x13, seconds: 0x30...0x3F) == "ÄäÖöß¥¤¦ÅåØø┌┐└┘")
    }

    @Test func preambleAddressCodesSetRowColourAndItalics() throws {
        // 0x11 0x40: row 1 white; 0x11 0x6E: row 2 italics; 0x10 0x44: row 11 blue (code 4 = blue×2).
        let captions = try Self.decode("""
        00:00:00;00\t9420 9420 9140 9140 c1c1 916e 916e c2c2 10c4 10c4 4343 942f 942f
        """)
        let cue = try #require(captions.cues(for: .cc1).first)
        #expect(cue.text.plainText == "AA\nBB\nCC")
        #expect(cue.placement == .top)
        #expect(cue.settings.line?.value == .percentage(10))
        let styles = cue.text.runs.filter { $0.text != "\n" }.map(\.style)
        #expect(styles.map(\.isItalic) == [false, true, false])
        #expect(styles[2].color == SubtitleColor(red: 0, green: 0, blue: 255))
    }

    @Test func midRowCodesChangeStyleAndShowAsSpace() throws {
        // "A", mid-row italics (0x11 0x2E), "B", mid-row red underline (0x11 0x29), "C".
        let captions = try Self.decode("""
        00:00:00;00\t9420 9420 94d0 94d0 c180 91ae 91ae c280 9129 9129 4380 942f 942f
        """)
        let cue = try #require(captions.cues(for: .cc1).first)
        #expect(cue.text.plainText == "A B C")
        let runs = cue.text.runs
        #expect(runs.first { $0.text.contains("B") }?.style.isItalic == true)
        let c = try #require(runs.first { $0.text.contains("C") })
        #expect(c.style.isItalic == false)
        #expect(c.style.isUnderlined)
        #expect(c.style.color == SubtitleColor(red: 255, green: 0, blue: 0))
    }

    @Test func rollUpScrollsAndEachLineEndsACue() throws {
        // RU2, CR, "AB", CR, "CD", CR at frames 0, 10, 20.
        let captions = try Self.decode("""
        00:00:00;00\t9425 9425 94ad 94ad c1c2

        00:00:00;10\t94ad 94ad 43c4

        00:00:00;20\t94ad 94ad
        """)
        let cues = captions.cues(for: .cc1)
        #expect(cues.map(\.text.plainText) == ["AB", "AB\nCD", "CD"])
        #expect(cues[0].start == Self.time(frame: 4))
        #expect(cues[0].end == Self.time(frame: 10))
        #expect(cues[1].end == Self.time(frame: 20))
    }

    @Test func paintOnShowsCharactersAsTheyArrive() throws {
        let captions = try Self.decode("""
        00:00:00;00\t9429 9429 94d0 94d0 c8e9

        00:00:01;00\t942c 942c
        """)
        let cues = captions.cues(for: .cc1)
        #expect(cues.map(\.text.plainText) == ["Hi"])
        #expect(cues.first?.start == Self.time(frame: 4))
    }

    @Test func secondDataChannelAndFieldTwo() throws {
        // CC2: first bytes 0x1C (misc) and 0x1C/0x1D… PAC; the text follows the channel.
        let captions = try Self.decode("""
        00:00:00;00\t1c20 1c20 1cd0 1cd0 c845 1c2f 1c2f
        """)
        #expect(captions.channels == [.cc2])
        #expect(captions.cues(for: .cc2).first?.text.plainText == "HE")
        // CC3: field 2, misc codes with first byte 0x15.
        let rcl = CEA608ControlCode.resumeCaptionLoading.pair(on: .cc3)
        let eoc = CEA608ControlCode.endOfCaption.pair(on: .cc3)
        let field2 = [CEA608Burst(frame: 0, pairs: [rcl, rcl, CEA608PreambleAddressCode(row: 15).pair(on: .cc3), CEA608BytePair(data: 0x4F, 0x4B), eoc, eoc])]
        let third = CEA608Decoder.captions(field1: [], field2: field2, frameRate: .ntsc)
        #expect(third.channels == [.cc3])
        #expect(third.cues(for: .cc3).first?.text.plainText == "OK")
        #expect(rcl == CEA608BytePair(0x15, 0x20))
    }

    @Test func aRepeatedCodeCountsOnceButAThirdCountsAgain() throws {
        // Three backspaces in a row in paint-on: the second is the first's repeat, the third is new.
        let captions = try Self.decode("""
        00:00:00;00\t9429 9429 94d0 94d0 c1c2 4380 94a1 94a1 94a1

        00:00:01;00\t942c 942c
        """)
        #expect(captions.cues(for: .cc1).map(\.text.plainText) == ["A"])
    }

    @Test func badParityShowsASolidBlockAndIsCounted() throws {
        // 0xC8 'H' is right; 0x45 'E' is right; 0xCC is 'L' with the wrong parity.
        let captions = try Self.decode("""
        00:00:00;00\t9420 9420 94d0 94d0 c845 cc80 942f 942f
        """)
        #expect(captions.cues(for: .cc1).first?.text.plainText == "HE\u{2588}")
        #expect(captions.report.parityErrors == 1)
    }

    @Test func xdsIsSkippedAndCaptionsResume() {
        // Field 2: XDS start (0x01 0x03), data, end (0x0F + checksum), then CC3 captions.
        let rcl = CEA608ControlCode.resumeCaptionLoading.pair(on: .cc3)
        let eoc = CEA608ControlCode.endOfCaption.pair(on: .cc3)
        let pairs = [CEA608BytePair(data: 0x01, 0x03), CEA608BytePair(data: 0x41, 0x42), CEA608BytePair(data: 0x0F, 0x1D),
                     rcl, rcl, CEA608PreambleAddressCode(row: 15).pair(on: .cc3), CEA608BytePair(data: 0x59, 0x6F), eoc, eoc]
        let captions = CEA608Decoder.captions(field1: [], field2: [CEA608Burst(frame: 0, pairs: pairs)], frameRate: .ntsc)
        #expect(captions.report.xdsPackets == 1)
        #expect(captions.cues(for: .cc3).first?.text.plainText == "Yo")
    }

    @Test func garbageNeverStopsTheDecoder() {
        var generator = SystemRandomNumberGenerator()
        var decoder = CEA608Decoder()
        for frame in 0..<20_000 {
            let pair = CEA608BytePair(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator))
            decoder.decode(pair, field: frame % 2 == 0 ? .one : .two, at: CEA608FrameRate.ntsc.time(ofFrame: Int64(frame / 2)))
        }
        let captions = decoder.finish(at: .seconds(400))
        #expect(captions.report.pairs == 20_000)
        for cues in captions.cues.values { #expect(cues.allSatisfy { $0.end > $0.start }) }
    }

    // MARK: - helpers

    /// Pop-on text of standard bytes on row 15.
    private func decodedText(standard bytes: [UInt8]) throws -> String {
        var words: [String] = []
        var index = 0
        while index < bytes.count {
            words.append(CEA608BytePair(data: bytes[index], index + 1 < bytes.count ? bytes[index + 1] : 0).hexWord)
            index += 2
        }
        return try decodedText(codes: words, doubled: false)
    }

    /// Pop-on text of two-byte codes, each sent twice.
    private func decodedText(codes words: [String], doubled: Bool = true) throws -> String {
        let body = words.map { doubled ? "\($0) \($0)" : $0 }.joined(separator: " ")
        let captions = try Self.decode("00:00:00;00\t9420 9420 94d0 94d0 \(body) 942f 942f")
        return try #require(captions.cues(for: .cc1).first).text.plainText
    }

    /// Extended characters of a set, each after the stand-in "X" it replaces.
    private func decodedText(extendedFirst first: UInt8, seconds: ClosedRange<UInt8>) throws -> String {
        var words: [String] = []
        for second in seconds {
            let code = CEA608BytePair(data: first, second).hexWord
            words.append("\(CEA608BytePair(data: 0x58, 0).hexWord) \(code) \(code)")
        }
        return try decodedText(codes: words, doubled: false)
    }
}
