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

    /// The screen gives a run per character; merged into one, the cue keeps no room for the
    /// others (it did: about 2 KB a caption, 200 MB for 100,000 captions held twice).
    @Test func aCaptionKeepsRoomForItsMergedRunsOnly() throws {
        let captions = try Self.decode("""
        00:00:01;00\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 c845 4c4c 4f80 942f 942f

        00:00:03;00\t942c 942c
        """)
        let cue = try #require(captions.cues(for: .cc1).first)
        #expect(cue.text.runs.count == 1)
        #expect(cue.text.runs.capacity < 5, "room for \(cue.text.runs.capacity) runs, one used")
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
        #expect(captions.cues(for: .cc1).map(\.text.plainText) == ["ABC", "AB", "A"])
    }

    @Test func paintOnBackspaceEndsTheCueShowing() throws {
        // RDC, PAC row 15, "AB" (frame 4), BS (frame 5, its repeat 6), TO1 (frames 7, 8: the
        // cursor moves to the empty column 2), BS (frame 9: nothing there to take away), EDM at 30.
        let captions = try Self.decode("""
        00:00:00;00\t9429 9429 94d0 94d0 c1c2 94a1 94a1 97a1 97a1 94a1

        00:00:01;00\t942c 942c
        """)
        let cues = captions.cues(for: .cc1)
        #expect(cues.map(\.text.plainText) == ["AB", "A"])
        #expect(cues.map(\.start) == [Self.time(frame: 4), Self.time(frame: 5)])
        #expect(cues.map(\.end) == [Self.time(frame: 5), Self.time(frame: 30)])
    }

    /// Each channel's codes in its own field (CTA-608-E §6.3, §8.1), with what the screen then
    /// shows: pop-on editing (TO1–TO3, DER, ENM, the reserved AOF/AON and FON ignored, TR's text
    /// skipped), and the roll-up windows of RU2–RU4.
    @Test(arguments: CEA608Channel.allCases)
    func controlCodesActOnTheirChannel(_ channel: CEA608Channel) throws {
        let bytes = try ChannelBytes(channel)
        // Columns: A 0, TO1 → 2, B 2, TO3 → 6, C 6.
        #expect(bytes.popOn(bytes.pac15 + bytes.text("A") + bytes.tab(1) + bytes.text("B") + bytes.tab(3) + bytes.text("C")) == ["A B   C"])
        // TO2 back at column 2 after a PAC, then DER.
        #expect(bytes.popOn(bytes.pac15 + bytes.text("ABCD") + bytes.pac15 + bytes.tab(2) + bytes.code("DER")) == ["AB"])
        #expect(bytes.popOn(bytes.pac15 + bytes.text("AB") + bytes.code("ENM") + bytes.pac15 + bytes.text("CD")) == ["CD"])
        #expect(bytes.popOn(bytes.pac15 + bytes.text("AB") + bytes.code("FON") + bytes.code("AON") + bytes.code("AOF")) == ["AB"])
        let text = bytes.decode(bytes.code("RCL") + bytes.pac15 + bytes.text("AB") + bytes.code("TR") + bytes.text("XY") + bytes.code("EOC"))
        #expect(text.cues(for: channel).map(\.text.plainText) == ["AB"])
        #expect(text.report.textServiceCharacters == 2)
        // Five lines, each after a CR: the window keeps the last 2, 3 or 4.
        let lines = ["AB", "CD", "EF", "GH", "IJ"]
        func rollUp(_ mnemonic: String) -> [String] {
            let pairs = bytes.code(mnemonic) + lines.flatMap { bytes.code("CR") + bytes.text($0) }
            return bytes.decode(pairs).cues(for: channel).map(\.text.plainText)
        }
        #expect(rollUp("RU2") == ["AB", "AB\nCD", "CD\nEF", "EF\nGH", "GH\nIJ"])
        #expect(rollUp("RU3") == ["AB", "AB\nCD", "AB\nCD\nEF", "CD\nEF\nGH", "EF\nGH\nIJ"])
        #expect(rollUp("RU4") == ["AB", "AB\nCD", "AB\nCD\nEF", "AB\nCD\nEF\nGH", "CD\nEF\nGH\nIJ"])
        // EDM ends the last one.
        let erased = bytes.decode(bytes.code("RU2") + bytes.code("CR") + bytes.text("AB") + bytes.code("EDM") + [.padding, .padding])
        #expect(erased.cues(for: channel).map(\.text.plainText) == ["AB"])
        #expect(erased.cues(for: channel).first?.end == Self.time(frame: 5))
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

    /// The pairs of one channel, from CTA-608-E's tables (parity worked out by
    /// `CEA608CodeTableTests.odd`), sent one a frame from frame 0 in the channel's field.
    struct ChannelBytes {
        let channel: CEA608Channel
        let controlFirst: UInt8

        init(_ channel: CEA608Channel) throws {
            self.channel = channel
            controlFirst = try #require(CEA608CodeTableTests.controlFirstByte[channel])
        }

        /// A miscellaneous control code, sent twice.
        func code(_ mnemonic: String) -> [CEA608BytePair] {
            let second = CEA608CodeTableTests.controlCodes.first { $0.mnemonic == mnemonic }!.second
            return Array(repeating: CEA608BytePair(controlFirst, second), count: 2)
        }

        /// PAC row 15, white, indent 0 (0x14 / 0x1C, 0x60), sent twice.
        var pac15: [CEA608BytePair] {
            Array(repeating: CEA608BytePair(CEA608CodeTableTests.odd(0x14 | CEA608CodeTableTests.channelBit(channel)), 0xE0), count: 2)
        }

        /// TO1–TO3 (0x17 / 0x1F, 0x21–0x23), sent twice.
        func tab(_ columns: UInt8) -> [CEA608BytePair] {
            let pair = CEA608BytePair(CEA608CodeTableTests.odd(0x17 | CEA608CodeTableTests.channelBit(channel)), CEA608CodeTableTests.odd(0x20 + columns))
            return [pair, pair]
        }

        /// ASCII text as standard characters, two a pair (a null after an odd one).
        func text(_ string: String) -> [CEA608BytePair] {
            let bytes = string.utf8.map(CEA608CodeTableTests.odd)
            return stride(from: 0, to: bytes.count, by: 2).map { CEA608BytePair(bytes[$0], $0 + 1 < bytes.count ? bytes[$0 + 1] : 0x80) }
        }

        func decode(_ pairs: [CEA608BytePair]) -> CEA608Captions {
            let burst = [CEA608Burst(frame: 0, pairs: pairs)]
            return CEA608Decoder.captions(field1: channel.field == .one ? burst : [], field2: channel.field == .two ? burst : [], frameRate: .ntsc)
        }

        /// The texts of a pop-on caption loaded with `pairs` (after RCL) and shown with EOC.
        func popOn(_ pairs: [CEA608BytePair]) -> [String] {
            decode(code("RCL") + pairs + code("EOC")).cues(for: channel).map(\.text.plainText)
        }
    }

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
