import ISOBMFF
import Movie
import TimedText

/// A track's RFC 6381 `codecs` value (what HLS CODECS and a DASH `@codecs` carry), from its
/// sample entry: `avc1.PPCCLL` from `avcC` (ISO/IEC 14496-15 §E.3: profile, constraint flags and
/// level as hex), `hvc1.P.C.TL.B…` from `hvcC` (§E.3 for HEVC: profile space and profile,
/// compatibility flags, tier and level, constraint bytes), `mp4a.40.N` from `esds` (ISO/IEC 14496-1 §7.2.6: the object type indication
/// and, for MPEG-4 audio, the audio object type of the decoder specific info), `stpp.ttml.im1t`
/// and `wvtt`. Nil, with the entry type, where the profile cannot be told.
public enum CodecsString {
    /// The value for `track`, or nil when its sample entry does not say enough.
    public static func value(for track: Track) -> String? {
        guard let entry = track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first else { return nil }
        switch entry.type {
        case "avc1", "avc3":
            guard let avcC = child("avcC", of: entry), avcC.count >= 4 else { return nil }
            return entry.type.description + "." + avcC[1...3].map(hex).joined()
        case "hvc1", "hev1":
            guard let hvcC = child("hvcC", of: entry) else { return nil }
            return hevcCodecs(entry.type.description, hvcC: hvcC)
        case "mp4a":
            guard let esds = child("esds", of: entry) ?? entry.child("wave").flatMap({ child("esds", of: $0) }) else { return nil }
            return audioCodecs(esds: esds)
        case "wvtt": return "wvtt"
        case "stpp": return (try? TTMLSampleDescription(entry))?.codecsString ?? "stpp"
        default: return nil
        }
    }

    /// The payload of child `type` of a sample entry the tree parser split into fields and
    /// children.
    static func child(_ type: FourCC, of entry: Box) -> [UInt8]? {
        guard let box = entry.child(type), let data = try? box.loaded().data else { return nil }
        return Array(data)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }

    /// `hvc1` or `hev1` followed by, from an HEVCDecoderConfigurationRecord (ISO/IEC 14496-15
    /// §8.3.3.1): the profile space (none, A, B or C) and profile as a decimal; the 32
    /// compatibility flags in reverse bit order, as hex without leading zeros; the tier (L or H)
    /// and level as a decimal; the six constraint indicator bytes as hex, each after a dot,
    /// trailing zero bytes left out (§E.3).
    static func hevcCodecs(_ type: String, hvcC: [UInt8]) -> String? {
        guard hvcC.count >= 13 else { return nil }
        let space = ["", "A", "B", "C"][Int(hvcC[1] >> 6)]
        let tier = hvcC[1] & 0x20 != 0 ? "H" : "L"
        let profile = hvcC[1] & 0x1F
        let compatibility = hvcC[2...5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var constraints = Array(hvcC[6...11])
        while constraints.last == 0 { constraints.removeLast() }
        return ([type, "\(space)\(profile)", String(reversedBits(compatibility), radix: 16, uppercase: true), "\(tier)\(hvcC[12])"]
            + constraints.map { String($0, radix: 16, uppercase: true) }).joined(separator: ".")
    }

    /// `value` with its bits in reverse order: bit 0 becomes bit 31.
    static func reversedBits(_ value: UInt32) -> UInt32 {
        var value = value, reversed: UInt32 = 0
        for _ in 0..<32 {
            reversed = reversed << 1 | value & 1
            value >>= 1
        }
        return reversed
    }

    /// `mp4a.OO[.A]` from an `esds` payload (FullBox header, then the ES descriptor).
    static func audioCodecs(esds: [UInt8]) -> String? {
        var reader = ByteReader(esds[...], path: "esds")
        guard (try? reader.skip(4)) != nil else { return nil }
        func descriptor(_ tag: UInt8, in reader: inout ByteReader) -> ByteReader? {
            while reader.remaining > 0 {
                guard let found = try? reader.readUInt8() else { return nil }
                var length = 0
                for _ in 0..<4 {
                    guard let byte = try? reader.readUInt8() else { return nil }
                    length = length << 7 | Int(byte & 0x7F)
                    if byte & 0x80 == 0 { break }
                }
                guard let body = try? reader.carve(length) else { return nil }
                if found == tag { return body }
            }
            return nil
        }
        guard var es = descriptor(0x03, in: &reader), (try? es.skip(2)) != nil, let flags = try? es.readUInt8() else { return nil }
        if flags & 0x80 != 0 { _ = try? es.skip(2) }
        if flags & 0x40 != 0, let length = try? es.readUInt8() { _ = try? es.skip(Int(length)) }
        if flags & 0x20 != 0 { _ = try? es.skip(2) }
        guard var config = descriptor(0x04, in: &es), let objectType = try? config.readUInt8(), (try? config.skip(12)) != nil else { return nil }
        let oti = String(objectType, radix: 16)
        guard objectType == 0x40, var specific = descriptor(0x05, in: &config), let first = try? specific.readUInt8() else {
            return "mp4a." + oti
        }
        var audioObjectType = Int(first >> 3)
        if audioObjectType == 31, let second = try? specific.readUInt8() {
            audioObjectType = 32 + Int((first & 0x07) << 3 | second >> 5)
        }
        return "mp4a.40.\(audioObjectType)"
    }
}
