/// The common fields of a sample entry (a child of `stsd`) and the media-specific ones a dump
/// shows: its format (the codec fourcc), data reference index, and for video the size, for
/// audio the channel count and rate. ISO/IEC 14496-12 §8.5.2; QTFF "Sample description atom".
///
/// The entry keeps its fixed fields as read and its child boxes, and ``makeBox()`` writes the
/// decoded values over those fields: an unchanged entry encodes to the bytes it was read from.
public struct SampleEntry: BoxModel, Equatable {
    /// The sample entry's type: the codec or format four-character code (`avc1`, `tx3g`, `encv`).
    public var format: FourCC
    /// For protected entries (`encv`, `enca`, …): the original format from `sinf/frma`.
    public var originalFormat: FourCC?
    /// The 1-based index into `dref` of the data reference that holds the samples.
    public var dataReferenceIndex: UInt16
    /// Video: coded width and height in pixels.
    public var pixelSize: (width: UInt16, height: UInt16)?
    /// Video: the compressor name (a 32-byte Pascal string).
    public var compressorName: String?
    /// Audio: channels, sample size in bits and sample rate in Hz. For a QuickTime version 2
    /// sound description these are its real values, not the placeholders in the version 0 fields
    /// (the sample size is then 0 for compressed audio).
    public var audio: (channels: UInt16, sampleSize: UInt16, sampleRate: Double)?
    /// The fixed fields as read (the 8 SampleEntry bytes and the media-specific ones); for an
    /// entry the parser kept as a leaf, its whole payload.
    public var fieldBytes: ArraySlice<UInt8>
    /// The child boxes (`avcC`, `esds`, `sinf`, …) of an entry the parser split into fields and
    /// children, and bytes after them that do not form a box; nil for a leaf.
    public var children: (boxes: [Box], trailing: ArraySlice<UInt8>)?
    /// Whether this is an ISO/IEC 14496-12 §12.2.3 AudioSampleEntryV1, whose boxes follow the
    /// 28 bytes of fields, rather than a QTFF sound description of version 1, which has 16 bytes
    /// more; the first bytes the parser lays an entry out by do not tell them apart, the rest do.
    public var isAudioSampleEntryV1 = false

    /// Equal when the decoded fields are; the bytes kept for encoding are not compared.
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
        var bytes: ArraySlice<UInt8>
        switch box.content {
        case let .data(data):
            bytes = data
        case let .container(container):
            bytes = container.prefix
            children = (container.children, container.trailing)
        case .fileRange:
            throw BoxError(.unsupported("sample entry not in memory"), at: location)
        }
        if handler == "soun", let entryV1 = Self.audioSampleEntryV1(bytes, at: location.offset + box.header.headerSize, path: location.path) {
            bytes = entryV1.fields
            children = (entryV1.leadingBoxes + (children?.boxes ?? []), children?.trailing ?? [])
            isAudioSampleEntryV1 = true
        }
        fieldBytes = bytes
        var reader = ByteReader(bytes, baseOffset: location.offset + box.header.headerSize, path: location.path)
        try reader.skip(6)
        dataReferenceIndex = try reader.readUInt16()
        switch handler {
        case "vide"?:
            guard reader.remaining >= 70 else { break }
            try reader.skip(16)
            pixelSize = (try reader.readUInt16(), try reader.readUInt16())
            try reader.skip(14)
            compressorName = Self.compressorName(try reader.readBytes(32))
        case "soun"?:
            audio = try Self.soundFormat(&reader)
            if isAudioSampleEntryV1, let rate = children.flatMap({ Self.samplingRate(in: $0.boxes) }) {
                audio?.sampleRate = Double(rate)
            }
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

    /// How the tree parser splits an entry of a format no other rule describes, by its track's
    /// handler: video (ISO/IEC 14496-12 §12.1.3 VisualSampleEntry) has 70 bytes of fields after
    /// the 8 SampleEntry bytes, sound (QTFF "Sound sample description") 20, plus 16 for
    /// version 1 and 36 for version 2; other entries have only the 8, then boxes. An audio
    /// entry too short to hold its version stays a leaf. The first bytes do not tell an ISO
    /// AudioSampleEntryV1 from QTFF's version 1: the decoder reads it again
    /// (``isAudioSampleEntryV1``).
    public static func layout(payloadStart: ArraySlice<UInt8>, handler: FourCC?) -> ContainerLayout? {
        switch handler {
        case "vide"?, "auxv"?, "pict"?:
            return ContainerLayout(prefixSize: 78, isTentative: true)
        case "soun"?:
            guard payloadStart.count >= 10 else { return nil }
            let version = UInt16(payloadStart[payloadStart.startIndex + 8]) << 8 | UInt16(payloadStart[payloadStart.startIndex + 9])
            let extra = version == 1 ? 16 : version == 2 ? 36 : 0
            return ContainerLayout(prefixSize: 28 + extra, isTentative: true)
        default:
            return ContainerLayout(prefixSize: 8, isTentative: true)
        }
    }

    /// The entry with its decoded values written over the fields it was read from.
    public func makeBox() -> Box {
        var bytes = Array(fieldBytes)
        func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
            let width = Value.bitWidth / 8
            guard offset >= 0, offset + width <= bytes.count else { return }
            for index in 0..<width {
                bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - index)))
            }
        }
        put(dataReferenceIndex, at: 6)
        if let pixelSize {
            put(pixelSize.width, at: 24)
            put(pixelSize.height, at: 26)
        }
        if let compressorName, bytes.count >= 74, compressorName != Self.compressorName(bytes[42..<74]) {
            let name = Array(compressorName.utf8.prefix(31))
            bytes.replaceSubrange(42..<74, with: [UInt8(name.count)] + name + [UInt8](repeating: 0, count: 31 - name.count))
        }
        if let audio {
            if bytes.count >= 10, bytes[8] == 0, bytes[9] == 2 {
                put(audio.sampleRate.bitPattern, at: 32)
                put(UInt32(audio.channels), at: 40)
                put(UInt32(audio.sampleSize), at: 48)
            } else {
                put(audio.channels, at: 16)
                put(audio.sampleSize, at: 18)
                // A rate past the 16.16 field is in `srat`; the field keeps what was written there.
                if audio.sampleRate < 65536 {
                    put(UInt32(clamping: Int64((audio.sampleRate * 65536).rounded())), at: 24)
                }
            }
        }
        guard let children else { return Box(type: format, payload: bytes) }
        let boxes = isAudioSampleEntryV1 ? Self.settingSamplingRate(audio?.sampleRate, in: children.boxes) : children.boxes
        let container = BoxContainer(prefix: bytes[...], children: boxes, trailing: children.trailing)
        return Box(header: BoxHeader(type: format, payloadSize: container.payloadSize), content: .container(container))
    }

    /// A compressor name: a Pascal string in 32 bytes, at most 31 of them text.
    private static func compressorName(_ field: ArraySlice<UInt8>) -> String {
        let length = Int(field.first ?? 0)
        return String(decoding: field.dropFirst().prefix(min(length, 31)), as: UTF8.self)
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
