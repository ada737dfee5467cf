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
    /// Audio: channels, sample size in bits and sample rate in Hz.
    public var audio: (channels: UInt16, sampleSize: UInt16, sampleRate: Double)?

    public static func == (lhs: SampleEntry, rhs: SampleEntry) -> Bool {
        lhs.format == rhs.format && lhs.originalFormat == rhs.originalFormat && lhs.dataReferenceIndex == rhs.dataReferenceIndex
            && lhs.pixelSize?.width == rhs.pixelSize?.width && lhs.pixelSize?.height == rhs.pixelSize?.height
            && lhs.compressorName == rhs.compressorName && lhs.audio?.channels == rhs.audio?.channels
            && lhs.audio?.sampleRate == rhs.audio?.sampleRate
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
            guard reader.remaining >= 20 else { break }
            try reader.skip(8)
            let channels = try reader.readUInt16()
            let sampleSize = try reader.readUInt16()
            try reader.skip(4)
            let rate = try reader.readUInt32()
            audio = (channels, sampleSize, FixedPoint.value(ofUnsigned16_16: rate))
        default:
            break
        }
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
