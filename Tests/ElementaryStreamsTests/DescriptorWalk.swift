/// Walks the descriptors of an `esds` payload (ISO/IEC 14496-1 §7.2.6.5, §8.3.3) with its own
/// code, to compare two writers' boxes field by field where their bit-rate fields may differ.
enum DescriptorWalk {
    struct Malformed: Error {}

    /// The body of the first descriptor tagged `tag` at or inside `bytes` (descending into the
    /// ES_Descriptor and DecoderConfigDescriptor).
    static func find(_ tag: UInt8, in bytes: ArraySlice<UInt8>) throws -> ArraySlice<UInt8>? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let found = bytes[index]
            index += 1
            var size = 0
            var byte: UInt8
            repeat {
                guard index < bytes.endIndex else { throw Malformed() }
                byte = bytes[index]
                size = size << 7 | Int(byte & 0x7F)
                index += 1
            } while byte & 0x80 != 0
            guard index + size <= bytes.endIndex else { throw Malformed() }
            let body = bytes[index..<index + size]
            if found == tag { return body }
            // ES_Descriptor: ES_ID and flags (no optional fields in these files); DecoderConfig: 13 bytes.
            let skip = found == 0x03 ? 3 : found == 0x04 ? 13 : -1
            if skip >= 0, let inner = try find(tag, in: body.dropFirst(skip)) { return inner }
            index += size
        }
        return nil
    }

    static func decoderSpecificInfo(_ esds: ArraySlice<UInt8>) throws -> [UInt8]? {
        try find(0x05, in: esds.dropFirst(4)).map(Array.init)
    }

    static func averageBitrate(_ esds: ArraySlice<UInt8>) throws -> UInt32? {
        guard let config = try find(0x04, in: esds.dropFirst(4)), config.count >= 13 else { return nil }
        return config.dropFirst(9).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
