/// The common fields of a sample entry (a child of `stsd`) and the media-specific ones a dump
/// shows: its format (the codec fourcc), data reference index, and for video the size, for
/// audio the channel count and rate. ISO/IEC 14496-12 §8.5.2; QTFF "Sample description atom".
public struct SampleEntry: Sendable, Equatable {
    public var format: FourCC
    /// For protected entries (`encv`, `enca`, …): the original format from `sinf/frma`.
    public var originalFormat: FourCC?
    public var dataReferenceIndex: UInt16
    /// Video: coded width and height in pixels.
    public var pixelSize: (width: UInt16, height: UInt16)?
    /// Video: the compressor name (a 32-byte Pascal string).
    public var compressorName: String?
    /// Audio: channels, sample size in bits and sample rate in Hz. For a QuickTime version 2
    /// sound description these are its real values, not the placeholders in the version 0 fields
    /// (the sample size is then 0 for compressed audio).
    public var audio: (channels: UInt16, sampleSize: UInt16, sampleRate: Double)?

    public static func == (lhs: SampleEntry, rhs: SampleEntry) -> Bool {
        lhs.format == rhs.format && lhs.originalFormat == rhs.originalFormat && lhs.dataReferenceIndex == rhs.dataReferenceIndex
            && lhs.pixelSize?.width == rhs.pixelSize?.width && lhs.pixelSize?.height == rhs.pixelSize?.height
            && lhs.compressorName == rhs.compressorName && lhs.audio?.channels == rhs.audio?.channels
            && lhs.audio?.sampleSize == rhs.audio?.sampleSize && lhs.audio?.sampleRate == rhs.audio?.sampleRate
    }

    /// Decodes the fields of `box` (a child of `stsd`) for a track whose handler is `handler`.
    public init(_ box: Box, handler: FourCC?) throws(BoxError) {
        format = box.type
        if let frma = box.child("sinf")?.child("frma"), var frmaReader = try? frma.payloadReader() {
            originalFormat = try? frmaReader.readFourCC()
        }
        let location = box.location ?? BoxLocation(path: box.type.description, offset: 0)
        let bytes: ArraySlice<UInt8>
        switch box.content {
        case let .data(data): bytes = data
        case let .container(container): bytes = container.prefix
        case .fileRange: throw BoxError(.unsupported("sample entry not in memory"), at: location)
        }
        var reader = ByteReader(bytes, baseOffset: location.offset + box.header.headerSize, path: location.path)
        try reader.skip(6)
        dataReferenceIndex = try reader.readUInt16()
        switch handler {
        case "vide"?:
            guard reader.remaining >= 70 else { break }
            try reader.skip(16)
            pixelSize = (try reader.readUInt16(), try reader.readUInt16())
            try reader.skip(14)
            let name = try reader.readBytes(32)
            let length = Int(name.first ?? 0)
            compressorName = String(decoding: name.dropFirst().prefix(min(length, 31)), as: UTF8.self)
        case "soun"?:
            audio = try Self.soundFormat(&reader)
        default:
            break
        }
    }

    /// The sound fields after the 8 SampleEntry bytes, or nil when they are missing or not
    /// believable.
    ///
    /// QTFF "Sound sample description" versions 0, 1 and 2 and ISO/IEC 14496-12 §12.2.3
    /// AudioSampleEntry and AudioSampleEntryV1 share 20 bytes: version (ISO: reserved, or
    /// `entry_version` 1), revision level, vendor, channels, sample size, compression ID, packet
    /// size, 16.16 sample rate. Version 1 keeps its channels and rate there (its sample size is
    /// nominal: QTFF has it set to 16), whether QuickTime's four packet fields follow or, as in
    /// ISO's V1, nothing does. Version 2 fills those 20 bytes with placeholders and puts the real
    /// values after them.
    private static func soundFormat(_ reader: inout ByteReader)
        throws(BoxError) -> (channels: UInt16, sampleSize: UInt16, sampleRate: Double)? {
        guard reader.remaining >= 20 else { return nil }
        let version = try reader.readUInt16()
        try reader.skip(6)
        let channels = try reader.readUInt16()
        let sampleSize = try reader.readUInt16()
        try reader.skip(4)
        let sampleRate = FixedPoint.value(ofUnsigned16_16: try reader.readUInt32())
        guard version == 2 else { return (channels, sampleSize, sampleRate) }
        // sizeOfStructOnly, audioSampleRate (float64), numAudioChannels, always7F000000,
        // constBitsPerChannel (0 unless uncompressed), formatSpecificFlags,
        // constBytesPerAudioPacket, constLPCMFramesPerAudioPacket.
        guard reader.remaining >= 36 else { return nil }
        try reader.skip(4)
        let rate = Double(bitPattern: try reader.readUInt64())
        let channelCount = try reader.readUInt32()
        try reader.skip(4)
        let bitsPerChannel = try reader.readUInt32()
        guard rate.isFinite, rate >= 0, let realChannels = UInt16(exactly: channelCount),
              let bits = UInt16(exactly: bitsPerChannel) else { return nil }
        return (realChannels, bits, rate)
    }

    public var fields: [BoxField] {
        var fields = [BoxField("format", .code(format)), BoxField("dataReferenceIndex", .int(dataReferenceIndex))]
        if let originalFormat { fields.append(BoxField("originalFormat", .code(originalFormat))) }
        if let pixelSize { fields += [BoxField("width", .int(pixelSize.width)), BoxField("height", .int(pixelSize.height))] }
        if let compressorName, !compressorName.isEmpty { fields.append(BoxField("compressorName", .text(compressorName))) }
        if let audio {
            fields += [BoxField("channels", .int(audio.channels)), BoxField("sampleSize", .int(audio.sampleSize)),
                       BoxField("sampleRate", .number(audio.sampleRate))]
        }
        return fields
    }
}
