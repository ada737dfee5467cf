/// The `fmt ` chunk of a WAV file (Microsoft "Multimedia Programming Interface and Data
/// Specifications 1.0", WAVEFORMATEX and WAVEFORMATEXTENSIBLE) reduced to what an `lpcm` entry says.
struct WAVFormat: Equatable {
    var channels: UInt16
    var sampleRate: UInt32
    /// The bytes of one PCM frame (all channels): `nBlockAlign`.
    var bytesPerFrame: UInt16
    /// The bits each sample's container holds (`wBitsPerSample`).
    var containerBits: UInt16
    /// The bits that carry the signal (`wValidBitsPerSample` of an extensible format).
    var validBits: UInt16
    var isFloat: Bool

    static let pcm: UInt16 = 1
    static let ieeeFloat: UInt16 = 3
    static let extensible: UInt16 = 0xFFFE
    /// The 14 bytes after the format code that make a KSDATAFORMAT_SUBTYPE_PCM or _IEEE_FLOAT GUID.
    static let subFormatTail: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    /// Reads a `fmt ` body found at file `offset`.
    init(_ body: ArraySlice<UInt8>, at offset: UInt64) throws(ElementaryStreamError) {
        let bytes = Array(body)
        func le16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
        guard bytes.count >= 16 else {
            throw ElementaryStreamError(.damaged, "WAV fmt chunk of \(bytes.count) bytes is shorter than 16", at: offset)
        }
        var code = le16(0)
        channels = le16(2)
        sampleRate = le32(4)
        bytesPerFrame = le16(12)
        containerBits = le16(14)
        validBits = containerBits
        if code == Self.extensible {
            guard bytes.count >= 40 else {
                throw ElementaryStreamError(.damaged, "WAVE_FORMAT_EXTENSIBLE fmt chunk of \(bytes.count) bytes is shorter than 40", at: offset)
            }
            validBits = le16(18) == 0 ? containerBits : le16(18)
            guard Array(bytes[26..<40]) == Self.subFormatTail else {
                throw ElementaryStreamError(.unsupported, "WAV sub-format is not PCM or IEEE float", at: offset + 24)
            }
            code = le16(24)
        }
        guard code == Self.pcm || code == Self.ieeeFloat else {
            throw ElementaryStreamError(.unsupported, "WAV format code 0x\(String(code, radix: 16)) is not PCM or IEEE float", at: offset)
        }
        isFloat = code == Self.ieeeFloat
        let validSizes: Set<UInt16> = isFloat ? [32, 64] : [8, 16, 24, 32]
        guard channels > 0, sampleRate > 0, validSizes.contains(containerBits), validBits > 0, validBits <= containerBits,
              Int(bytesPerFrame) == Int(channels) * Int(containerBits / 8) else {
            throw ElementaryStreamError(.damaged,
                                        "WAV fmt chunk is inconsistent: \(channels) channels, \(sampleRate) Hz, \(containerBits) bits, block align \(bytesPerFrame)",
                                        at: offset)
        }
    }

    /// The format flags of QTFF's version 2 sound description (CoreAudio's `AudioFormatFlags`):
    /// float (1) or signed integer (4, every depth but 8, which WAV stores unsigned), packed (8)
    /// when the signal fills its container, else aligned high (16), as WAV stores it; never big
    /// endian (2), as WAV is little endian.
    var quickTimeFlags: UInt32 {
        let kind: UInt32 = isFloat ? 1 : containerBits > 8 ? 4 : 0
        return kind | (validBits == containerBits ? 8 : 16)
    }
}
