import ISOBMFF

/// A `wvtt` sample description (ISO/IEC 14496-30 §7.5): the 8 SampleEntry bytes, then `vttC`
/// (the WebVTT file header as text: the `WEBVTT` line, header lines, `STYLE` and `REGION`
/// blocks, no cues) and optionally `vlab` (a label naming the source, so a reader can tell
/// whether two tracks come from the same file). Other boxes (`btrt`) are kept.
public struct WebVTTSampleDescription: BoxModel, Equatable {
    /// The sample entry type.
    public static let format: FourCC = "wvtt"

    public var dataReferenceIndex: UInt16
    /// The `vttC` text.
    public var configuration: String
    /// The `vlab` text, if any.
    public var sourceLabel: String?
    /// The bytes of boxes other than `vttC` and `vlab`, kept as read.
    public var otherBoxes: [UInt8]

    /// Creates a description holding `configuration` as the `vttC` text.
    public init(configuration: String, sourceLabel: String? = nil, dataReferenceIndex: UInt16 = 1, otherBoxes: [UInt8] = []) {
        self.configuration = configuration
        self.sourceLabel = sourceLabel
        self.dataReferenceIndex = dataReferenceIndex
        self.otherBoxes = otherBoxes
    }

    /// Creates a description for a WebVTT header (written with ``WebVTTWriter/headerText(_:)``).
    public init(header: WebVTTHeader = WebVTTHeader(), sourceLabel: String? = nil) {
        self.init(configuration: WebVTTWriter.headerText(header), sourceLabel: sourceLabel)
    }

    /// The header the `vttC` text describes; a bare header when the text is not a WebVTT header.
    public var header: WebVTTHeader {
        (try? WebVTTParser.parse(string: configuration).webVTTHeader) ?? WebVTTHeader()
    }

    /// Decodes a `wvtt` sample entry box (leaf or container).
    ///
    /// - Throws: ``SampleCodecError`` for another format, malformed bytes or a missing `vttC`.
    public init(_ box: Box) throws(SampleCodecError) {
        guard box.type == Self.format else {
            throw SampleCodecError(.wrongSampleEntry(expected: Self.format, found: box.type))
        }
        var configuration: String?
        var sourceLabel: String?
        var others: [UInt8] = []
        do throws(BoxError) {
            var reader = try box.inMemoryPayloadReader()
            try reader.skip(6)
            dataReferenceIndex = try reader.readUInt16()
            for child in try InlineBox.readAll(&reader) {
                switch child.type {
                case "vttC" where configuration == nil: configuration = child.string
                case "vlab" where sourceLabel == nil: sourceLabel = child.string
                default: others += child.raw
                }
            }
        } catch {
            throw SampleCodecError(.malformed(error))
        }
        guard let configuration else { throw SampleCodecError(.missingBox("vttC")) }
        self.configuration = configuration
        self.sourceLabel = sourceLabel
        otherBoxes = others
    }

    /// The fields a box dump shows.
    public var fields: [BoxField] {
        var fields = [BoxField("format", .code(Self.format)), BoxField("dataReferenceIndex", .int(dataReferenceIndex)),
                      BoxField("configuration", .text(configuration))]
        if let sourceLabel { fields.append(BoxField("sourceLabel", .text(sourceLabel))) }
        return fields
    }

    /// The complete sample entry box: 8 bytes of fields, then `vttC`, `vlab` and other boxes.
    public func makeBox() -> Box {
        var children = [Box(type: "vttC", payload: Array(configuration.utf8))]
        if let sourceLabel { children.append(Box(type: "vlab", payload: Array(sourceLabel.utf8))) }
        var fields = ByteWriter(capacity: 8)
        fields.write(bytes: [0, 0, 0, 0, 0, 0])
        fields.write(dataReferenceIndex)
        let container = BoxContainer(prefix: fields.bytes[...], children: children, trailing: otherBoxes[...])
        return Box(header: BoxHeader(type: Self.format, payloadSize: container.payloadSize), content: .container(container))
    }
}
