import ISOBMFF
import Movie
import TimedText

/// A track's RFC 6381 `codecs` value (what HLS CODECS and a DASH `@codecs` carry), from its
/// sample entry: `avc1.PPCCLL` from `avcC` (ISO/IEC 14496-15 §E.3: profile, constraint flags and
/// level as hex), `mp4a.40.N` from `esds` (ISO/IEC 14496-1 §7.2.6: the object type indication
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

