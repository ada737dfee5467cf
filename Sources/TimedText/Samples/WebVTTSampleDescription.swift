import ISOBMFF

/// A `wvtt` sample description (ISO/IEC 14496-30 §7.5): the 8 SampleEntry bytes, then `vttC`
/// (the WebVTT file header as text: the `WEBVTT` line, header lines, `STYLE` and `REGION`
/// blocks, no cues) and optionally `vlab` (a label naming the source, so a reader can tell
/// whether two tracks come from the same file). Other boxes (`btrt`) are kept.
public struct WebVTTSampleDescription: BoxModel, Equatable {
    /// The sample entry type.
    public static let format: FourCC = "wvtt"

    /// The data reference the samples are in (1: this file).
    public var dataReferenceIndex: UInt16
    /// The `vttC` text.
    public var configuration: String
    /// The `vlab` text, if any.
    public var sourceLabel: String?
    /// The bytes of boxes other than `vttC` and `vlab`, kept as read.
    public var otherBoxes: [UInt8]
    /// How the entry was laid out when read; for one made in memory, `vttC`, `vlab`, others.
    private var layout = SampleEntryLayout(slots: [.interpreted("vttC", []), .interpreted("vlab", [])])

    /// Equal when the values are, however each entry was laid out.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.dataReferenceIndex == rhs.dataReferenceIndex && lhs.configuration == rhs.configuration
            && lhs.sourceLabel == rhs.sourceLabel && lhs.otherBoxes == rhs.otherBoxes
    }

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
            layout = try SampleEntryLayout(reading: &reader)
            dataReferenceIndex = try reader.readUInt16()
            for child in try InlineBox.readAll(&reader) {
                switch child.type {
                case "vttC" where configuration == nil:
                    configuration = child.string
                    layout.slots.append(.interpreted(child.type, Array(child.raw)))
                case "vlab" where sourceLabel == nil:
                    sourceLabel = child.string
                    layout.slots.append(.interpreted(child.type, Array(child.raw)))
                default:
                    others += child.raw
                    layout.slots.append(.other)
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
    /// An entry that was read keeps its reserved bytes and the order of its boxes, and a `vttC`
    /// or `vlab` whose text is unchanged keeps its bytes (a terminating NUL, say).
    public func makeBox() -> Box {
        var children = layout.children(otherBoxes: otherBoxes) { type, read in
            let text = type == "vttC" ? configuration : sourceLabel
            guard let text else { return nil }
            var box = ByteWriter()
            box.writeStringBox(type, text)
            return SampleEntryLayout.keep(read, unless: box.bytes, value: text) { bytes in
                (try? InlineBox.readAll(bytes))?.first?.string
            }
        }
        if let sourceLabel, layout.bytes(of: "vlab") == nil {
            // A label added to an entry read without one goes after `vttC`, where one is written.
            var label = ByteWriter()
            label.writeStringBox("vlab", sourceLabel)
            children.insert(contentsOf: label.bytes, at: Self.end(of: "vttC", in: children))
        }
        return layout.makeBox(format: Self.format, dataReferenceIndex: dataReferenceIndex, fields: [], children: children)
    }

    /// Where the first box of `type` in `bytes` ends; 0 when there is none.
    private static func end(of type: FourCC, in bytes: [UInt8]) -> Int {
        var end = 0
        for box in (try? InlineBox.readAll(bytes)) ?? [] {
            end += box.raw.count
            if box.type == type { return end }
        }
        return 0
    }
}
