/// Frames and files written field by field from the syntax tables of the specifications, to
/// damage one field at a time where no encoder would.
enum HandMadeStreams {
    /// Packs bit fields MSB first.
    struct Bits {
        var bytes: [UInt8] = []
        var count = 0
        mutating func put(_ value: Int, _ width: Int) {
            for shift in stride(from: width - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> shift) & 1) << UInt8(7 - count % 8)
                count += 1
            }
        }
    }

    /// An ADTS frame (ISO/IEC 14496-3 §1.A.2.2.1): MPEG-4, LC unless told, `payload` bytes of 0xAB.
    static func adts(profile: Int = 1, frequencyIndex: Int = 4, channels: Int = 2, payload: Int = 20, crc: Bool = false,
                     rawBlocks: Int = 0, frameLength: Int? = nil) -> [UInt8] {
        let header = crc ? 9 : 7
        var bits = Bits()
        bits.put(0xFFF, 12)
        bits.put(0, 1)  // ID: MPEG-4
        bits.put(0, 2)  // layer
        bits.put(crc ? 0 : 1, 1)  // protection_absent
        bits.put(profile, 2)
        bits.put(frequencyIndex, 4)
        bits.put(0, 1)
        bits.put(channels, 3)
        bits.put(0, 4)
        bits.put(frameLength ?? header + payload, 13)
        bits.put(0x7FF, 11)
        bits.put(rawBlocks, 2)
        if crc { bits.put(0x1234, 16) }
        return bits.bytes + [UInt8](repeating: 0xAB, count: payload)
    }

    /// An AC-3 sync frame (ETSI TS 102 366 §5.3): `frmsizecod` 2 (40 kbit/s: 160 bytes at 48 kHz),
    /// bsid 8, then zeros.
    static func ac3(fscod: Int = 0, frmsizecod: Int = 2, bsmod: Int = 0, acmod: Int = 2, lfeon: Bool = false) -> [UInt8] {
        var bits = Bits()
        bits.put(0x0B77, 16)
        bits.put(0, 16)  // crc1
        bits.put(fscod, 2)
        bits.put(frmsizecod, 6)
        bits.put(8, 5)  // bsid
        bits.put(bsmod, 3)
        bits.put(acmod, 3)
        if acmod & 1 != 0 && acmod != 1 { bits.put(0, 2) }
        if acmod & 4 != 0 { bits.put(0, 2) }
        if acmod == 2 { bits.put(0, 2) }
        bits.put(lfeon ? 1 : 0, 1)
        let kbps = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 576, 640][frmsizecod / 2]
        let size = fscod == 0 ? kbps * 4 : fscod == 2 ? kbps * 6 : (kbps * 1000 * 1536 / (44100 * 16) + frmsizecod % 2) * 2
        return bits.bytes + [UInt8](repeating: 0, count: size - bits.bytes.count)
    }

    /// An E-AC-3 sync frame (ETSI TS 102 366 Annex E.1.2): `size` bytes, 48 kHz, bsid 16, no
    /// mixing metadata; `bsmod` in its informational metadata when given.
    static func eac3(streamType: Int = 0, substream: Int = 0, blocksCode: Int = 3, acmod: Int = 2, lfeon: Bool = false,
                     channelMap: Int? = nil, bsmod: Int? = nil, size: Int = 100) -> [UInt8] {
        var bits = Bits()
        bits.put(0x0B77, 16)
        bits.put(streamType, 2)
        bits.put(substream, 3)
        bits.put(size / 2 - 1, 11)
        bits.put(0, 2)  // fscod: 48 kHz
        bits.put(blocksCode, 2)
        bits.put(acmod, 3)
        bits.put(lfeon ? 1 : 0, 1)
        bits.put(16, 5)  // bsid
        bits.put(31, 5)  // dialnorm
        bits.put(0, 1)  // compre
        if acmod == 0 { bits.put(31, 5); bits.put(0, 1) }
        if streamType == 1 {
            bits.put(channelMap == nil ? 0 : 1, 1)
            if let channelMap { bits.put(channelMap, 16) }
        }
        bits.put(0, 1)  // mixmdate
        bits.put(bsmod == nil ? 0 : 1, 1)  // infomdate
        if let bsmod { bits.put(bsmod, 3) }
        return bits.bytes + [UInt8](repeating: 0, count: size - bits.bytes.count)
    }

    /// A RIFF chunk: id, little-endian size, body and the pad byte of an odd size.
    static func chunk(_ id: String, _ body: [UInt8], size: UInt32? = nil) -> [UInt8] {
        Array(id.utf8) + little(size ?? UInt32(body.count), 4) + body + (body.count % 2 == 1 ? [0] : [])
    }

    static func little(_ value: UInt32, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(value >> (8 * UInt32($0)) & 0xFF) }
    }

    /// A PCM `fmt ` body (WAVEFORMATEX), or WAVEFORMATEXTENSIBLE with `validBits`.
    static func format(code: UInt16 = 1, channels: UInt16 = 2, rate: UInt32 = 48000, bits: UInt16 = 16,
                       validBits: UInt16? = nil) -> [UInt8] {
        let align = UInt32(channels) * UInt32(bits / 8)
        var body = little(UInt32(validBits == nil ? code : 0xFFFE), 2) + little(UInt32(channels), 2) + little(rate, 4)
            + little(rate * align, 4) + little(align, 2) + little(UInt32(bits), 2)
        if let validBits {
            body += little(22, 2) + little(UInt32(validBits), 2) + little(3, 4) + little(UInt32(code), 2)
                + [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        }
        return body
    }

    /// A WAV file of `chunks`.
    static func wav(_ chunks: [UInt8]...) -> [UInt8] {
        let body = Array("WAVE".utf8) + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + little(UInt32(body.count), 4) + body
    }
}
