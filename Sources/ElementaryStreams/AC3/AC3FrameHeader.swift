/// The fields of an AC-3 sync frame's syncinfo and bsi that `dac3` carries and the frame's size
/// (ETSI TS 102 366 §4.3.1, §4.3.2, §4.4.1.4 Table 4.13).
struct AC3FrameHeader: SyncFrameHeader, Equatable {
    static let formatName = "AC-3"
    static let headerReadSize = 8

    var fscod: UInt8
    var frmsizecod: UInt8
    var bsid: UInt8
    var bsmod: UInt8
    var acmod: UInt8
    var lfeon: Bool
    /// The frame's size in bytes.
    var frameLength: Int
    /// The whole frame is the sample.
    var headerLength: Int { 0 }

    /// The nominal bit rates in kbit/s of `frmsizecod / 2` (Table 4.13).
    static let bitRates: [Int] = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 576, 640]
    /// The sample rates of `fscod` 0–2 (Table 4.1).
    static let sampleRates: [UInt32] = [48000, 44100, 32000]
    /// The full-bandwidth channels of each `acmod` (Table 4.3).
    static let channelsOfMode: [UInt8] = [2, 1, 2, 3, 3, 4, 4, 5]

    var sampleRate: UInt32 { Self.sampleRates[Int(fscod)] }
    var channels: UInt8 { Self.channelsOfMode[Int(acmod)] + (lfeon ? 1 : 0) }

    /// Whether `bytes` begin with the AC-3 syncword 0x0B77 (shared by E-AC-3).
    static func hasSync(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count >= 2 && bytes[bytes.startIndex] == 0x0B && bytes[bytes.startIndex + 1] == 0x77
    }

    /// The `bsid` of a frame of either syntax (bits 40–44, the same place in both), which says
    /// which it is: up to 8 AC-3, 11–16 E-AC-3 (§4.4.2.1, Annex E.1.3.1.6).
    static func bitStreamID(_ bytes: ArraySlice<UInt8>) -> UInt8? {
        bytes.count >= 6 ? bytes[bytes.startIndex + 5] >> 3 : nil
    }

    /// Reads the header at the start of `bytes` (at least 8 of them), found at file `offset`.
    init(_ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(ElementaryStreamError) {
        guard Self.hasSync(bytes) else {
            throw ElementaryStreamError(.damaged, "no AC-3 syncword where a frame should start", at: offset)
        }
        var bits = BitReader(bytes, baseOffset: offset)
        try bits.skip(32, "syncword and crc1")
        fscod = UInt8(try bits.read(2, "fscod"))
        frmsizecod = UInt8(try bits.read(6, "frmsizecod"))
        bsid = UInt8(try bits.read(5, "bsid"))
        bsmod = UInt8(try bits.read(3, "bsmod"))
        acmod = UInt8(try bits.read(3, "acmod"))
        if acmod & 1 != 0 && acmod != 1 { try bits.skip(2, "cmixlev") }
        if acmod & 4 != 0 { try bits.skip(2, "surmixlev") }
        if acmod == 2 { try bits.skip(2, "dsurmod") }
        lfeon = try bits.flag("lfeon")
        guard fscod < 3 else { throw ElementaryStreamError(.damaged, "AC-3 fscod 3 is reserved", at: offset) }
        guard frmsizecod < 38 else {
            throw ElementaryStreamError(.damaged, "AC-3 frmsizecod \(frmsizecod) is reserved", at: offset)
        }
        guard bsid <= 8 else {
            throw ElementaryStreamError(.unsupported, "AC-3 bsid \(bsid) is not a version decoders of bsid 8 read", at: offset)
        }
        // Table 4.13 in 16-bit words: 1536 samples at the rate, so 2 words per kbit/s at 48 kHz,
        // 3 at 32 kHz; at 44.1 kHz the quotient, plus one word in the odd frmsizecod of each pair.
        let kbps = Self.bitRates[Int(frmsizecod >> 1)]
        let words = switch fscod {
        case 0: kbps * 2
        case 2: kbps * 3
        default: kbps * 1000 * 1536 / (44100 * 16) + Int(frmsizecod & 1)
        }
        frameLength = words * 2
    }

    /// The `dac3` payload (ETSI TS 102 366 F.4): fscod, bsid, bsmod, acmod, lfeon,
    /// bit_rate_code and 5 reserved bits.
    var specificBoxPayload: [UInt8] {
        var writer = BitWriter()
        writer.write(UInt32(fscod), bits: 2)
        writer.write(UInt32(bsid), bits: 5)
        writer.write(UInt32(bsmod), bits: 3)
        writer.write(UInt32(acmod), bits: 3)
        writer.write(lfeon ? 1 : 0, bits: 1)
        writer.write(UInt32(frmsizecod >> 1), bits: 5)
        writer.write(0, bits: 5)
        return writer.bytes
    }

    /// What differs from `first` among the fields `dac3` describes (the bit rate may vary).
    func differences(from first: AC3FrameHeader) -> String? {
        var changes = ParameterChanges()
        changes.compare("sample rate", first.sampleRate, sampleRate, unit: " Hz")
        changes.compare("audio coding mode", first.acmod, acmod)
        changes.compare("lfeon", first.lfeon, lfeon)
        changes.compare("bsid", first.bsid, bsid)
        changes.compare("bsmod", first.bsmod, bsmod)
        return changes.summary
    }
}
