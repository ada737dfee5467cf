/// The fields of an E-AC-3 sync frame's syncinfo and bsi that `dec3` and the grouping into access
/// units need (ETSI TS 102 366 Annex E.1.2.1 and E.1.2.2), read as far as `bsmod`.
struct EAC3FrameHeader: Equatable {
    /// `strmtyp`: 0 independent, 1 dependent, 2 independent converted from AC-3.
    var streamType: UInt8
    var substreamID: UInt8
    /// The frame's size in bytes (`(frmsiz + 1) * 2`).
    var frameSize: Int
    var fscod: UInt8
    var sampleRate: UInt32
    /// Audio blocks of 256 samples in the frame: 1, 2, 3 or 6.
    var blocks: Int
    var acmod: UInt8
    var lfeon: Bool
    var bsid: UInt8
    /// `bsmod` when the frame's `infomdate` carries it, else 0 (main audio service).
    var bsmod: UInt8
    /// `chanmap` of a dependent substream that has one (`chanmape`).
    var channelMap: UInt16?

    var isIndependent: Bool { streamType != 1 }
    var channels: UInt8 { AC3FrameHeader.channelsOfMode[Int(acmod)] + (lfeon ? 1 : 0) }

    /// Reads the header at the start of `bytes`, found at file `offset`.
    init(_ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(ElementaryStreamError) {
        guard AC3FrameHeader.hasSync(bytes) else {
            throw ElementaryStreamError(.damaged, "no E-AC-3 syncword where a frame should start", at: offset)
        }
        var bits = BitReader(bytes, baseOffset: offset)
        try bits.skip(16, "syncword")
        streamType = UInt8(try bits.read(2, "strmtyp"))
        substreamID = UInt8(try bits.read(3, "substreamid"))
        frameSize = (Int(try bits.read(11, "frmsiz")) + 1) * 2
        fscod = UInt8(try bits.read(2, "fscod"))
        if fscod == 3 {
            let fscod2 = Int(try bits.read(2, "fscod2"))
            guard fscod2 < 3 else { throw ElementaryStreamError(.damaged, "E-AC-3 fscod2 3 is reserved", at: offset) }
            sampleRate = AC3FrameHeader.sampleRates[fscod2] / 2
            blocks = 6
        } else {
            sampleRate = AC3FrameHeader.sampleRates[Int(fscod)]
            blocks = [1, 2, 3, 6][Int(try bits.read(2, "numblkscod"))]
        }
        acmod = UInt8(try bits.read(3, "acmod"))
        lfeon = try bits.flag("lfeon")
        bsid = UInt8(try bits.read(5, "bsid"))
        guard streamType != 3 else { throw ElementaryStreamError(.damaged, "E-AC-3 strmtyp 3 is reserved", at: offset) }
        guard bsid > 10 && bsid <= 16 else {
            throw ElementaryStreamError(.unsupported, "E-AC-3 bsid \(bsid) is not one decoders of bsid 16 read", at: offset)
        }
        try bits.skip(5, "dialnorm")
        if try bits.flag("compre") { try bits.skip(8, "compr") }
        if acmod == 0 {
            try bits.skip(5, "dialnorm2")
            if try bits.flag("compr2e") { try bits.skip(8, "compr2") }
        }
        if streamType == 1, try bits.flag("chanmape") {
            channelMap = UInt16(try bits.read(16, "chanmap"))
        }
        if try bits.flag("mixmdate") { try Self.skipMixingMetadata(&bits, streamType: streamType, acmod: acmod, lfeon: lfeon, blocks: blocks) }
        bsmod = try bits.flag("infomdate") ? UInt8(try bits.read(3, "bsmod")) : 0
    }

    /// Skips the mixing metadata of bsi (Annex E.1.2.2, `mixmdate` set) to reach `infomdate`.
    private static func skipMixingMetadata(_ bits: inout BitReader, streamType: UInt8, acmod: UInt8, lfeon: Bool,
                                           blocks: Int) throws(ElementaryStreamError) {
        if acmod > 2 { try bits.skip(2, "dmixmod") }
        if acmod & 1 != 0 && acmod > 2 { try bits.skip(6, "ltrtcmixlev and lorocmixlev") }
        if acmod & 4 != 0 { try bits.skip(6, "ltrtsurmixlev and lorosurmixlev") }
        if lfeon, try bits.flag("lfemixlevcode") { try bits.skip(5, "lfemixlevcod") }
        guard streamType == 0 else { return }
        if try bits.flag("pgmscle") { try bits.skip(6, "pgmscl") }
        if acmod == 0, try bits.flag("pgmscl2e") { try bits.skip(6, "pgmscl2") }
        if try bits.flag("extpgmscle") { try bits.skip(6, "extpgmscl") }
        switch try bits.read(2, "mixdef") {
        case 1: try bits.skip(5, "premixcmpsel, drcsrc and premixcmpscl")
        case 2: try bits.skip(12, "mixdata")
        case 3: try bits.skip(8 * (Int(try bits.read(5, "mixdeflen")) + 2), "mixdata")
        default: break
        }
        if acmod < 2 {
            if try bits.flag("paninfoe") { try bits.skip(14, "panmean and paninfo") }
            if acmod == 0, try bits.flag("paninfo2e") { try bits.skip(14, "panmean2 and paninfo2") }
        }
        if try bits.flag("frmmixcfginfoe") {
            if blocks == 1 {
                try bits.skip(5, "blkmixcfginfo")
            } else {
                for _ in 0..<blocks {
                    if try bits.flag("blkmixcfginfoe") { try bits.skip(5, "blkmixcfginfo") }
                }
            }
        }
    }

    /// What differs from `first`, a frame of the same substream, among what `dec3` describes.
    func differences(from first: EAC3FrameHeader) -> String? {
        var changes = ParameterChanges()
        changes.compare("sample rate", first.sampleRate, sampleRate, unit: " Hz")
        changes.compare("audio coding mode", first.acmod, acmod)
        changes.compare("lfeon", first.lfeon, lfeon)
        changes.compare("bsid", first.bsid, bsid)
        return changes.summary
    }
}
