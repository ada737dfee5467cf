import ISOBMFF

/// An `stpp` sample description, the XMLSubtitleSampleEntry of ISO/IEC 14496-12 §12.6.3.2 that
/// ISO/IEC 14496-30 §5 uses for TTML: the 8 SampleEntry bytes, then three NUL-terminated UTF-8
/// lists (the namespaces the documents use, their schema locations, the MIME types of images
/// they reference), then boxes: `mime` (ISO/IEC 14496-12 §12.3.3.2, a FullBox holding the MIME
/// type with its `codecs` parameter, e.g. `application/ttml+xml;codecs=im1t`), `btrt` and
/// others, kept as read.
public struct TTMLSampleDescription: Sendable, Equatable {
    /// The sample entry type.
    public static let format: FourCC = "stpp"
    /// The `codecs` value of IMSC1 Text documents (IMSC 1.0.1 §6.3 and its Annex on the
    /// `codecs` parameter): `im1t`.
    public static let imsc1TextCodec = "im1t"

    /// The 1-based index into `dref` of the data reference that holds the samples.
    public var dataReferenceIndex: UInt16
    /// The namespaces of the documents, space-separated (`http://www.w3.org/ns/ttml`).
    public var namespace: String
    /// Schema locations, space-separated; usually empty.
    public var schemaLocation: String
    /// The MIME types of images the documents reference; empty for text.
    public var auxiliaryMIMETypes: String
    /// The `mime` box's content type, if there is one.
    public var contentType: String?
    /// The bytes of boxes other than `mime`, kept as read.
    public var otherBoxes: [UInt8]
    /// How the entry was laid out when read (its reserved bytes, where `mime` stood); for one
    /// made in memory, `mime` then the other boxes.
    private var layout = SampleEntryLayout(slots: [.interpreted("mime", [])])
    /// The three lists' bytes as read: written back while the lists still read the same (a
    /// writer that left out the optional two, say); empty for a description made in memory.
    private var readLists: [UInt8] = []

    /// Equal when the values are, however each entry was laid out.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.dataReferenceIndex == rhs.dataReferenceIndex && lhs.namespace == rhs.namespace && lhs.schemaLocation == rhs.schemaLocation
            && lhs.auxiliaryMIMETypes == rhs.auxiliaryMIMETypes && lhs.contentType == rhs.contentType && lhs.otherBoxes == rhs.otherBoxes
    }

    /// Creates a description.
    public init(namespace: String = TTMLWriter.namespace, schemaLocation: String = "", auxiliaryMIMETypes: String = "",
                contentType: String? = "application/ttml+xml;codecs=" + imsc1TextCodec,
                dataReferenceIndex: UInt16 = 1, otherBoxes: [UInt8] = []) {
        self.namespace = namespace
        self.schemaLocation = schemaLocation
        self.auxiliaryMIMETypes = auxiliaryMIMETypes
        self.contentType = contentType
        self.dataReferenceIndex = dataReferenceIndex
        self.otherBoxes = otherBoxes
    }

    /// The RFC 6381 `codecs` string of the track (ISO/IEC 14496-30 Annex, DASH-IF IOP §6.4.4):
    /// `stpp.ttml.` and the profile codes of the `mime` box's `codecs` parameter (`im1t`), or
    /// `stpp` alone when the description names no profile.
    public var codecsString: String {
        let parameter = contentType?.split(separator: ";").map { $0.filter { $0 != "\"" && $0 != " " } }
            .first { $0.lowercased().hasPrefix("codecs=") }
        guard let parameter else { return Self.format.description }
        let value = parameter.dropFirst("codecs=".count)
        guard !value.isEmpty else { return Self.format.description }
        return "stpp.ttml." + value
    }

    /// Decodes an `stpp` sample entry box (leaf or container). A writer that leaves out the
    /// optional schema and MIME lists (boxes follow the namespace at once) is read too.
    ///
    /// - Throws: ``SampleCodecError`` for another format or malformed bytes.
    public init(_ box: Box) throws(SampleCodecError) {
        guard box.type == Self.format else {
            throw SampleCodecError(.wrongSampleEntry(expected: Self.format, found: box.type))
        }
        do throws(BoxError) {
            var reader = try box.inMemoryPayloadReader()
            layout = try SampleEntryLayout(reading: &reader)
            layout.slots = []
            dataReferenceIndex = try reader.readUInt16()
            let listsStart = reader.index
            namespace = reader.readNullTerminatedString()
            schemaLocation = Self.startsBoxes(reader) ? "" : reader.readNullTerminatedString()
            auxiliaryMIMETypes = Self.startsBoxes(reader) ? "" : reader.readNullTerminatedString()
            readLists = Array(reader.bytes[listsStart..<reader.index])
            var contentType: String?
            var others: [UInt8] = []
            for child in try InlineBox.readAll(&reader) {
                if child.type == "mime", contentType == nil {
                    contentType = try Self.contentType(ofMIMEPayload: child.payload)
                    layout.slots.append(.interpreted(child.type, Array(child.raw)))
                } else {
                    others += child.raw
                    layout.slots.append(.other)
                }
            }
            self.contentType = contentType
            otherBoxes = others
        } catch {
            throw SampleCodecError(.malformed(error))
        }
    }

    /// Whether what is left is a run of whole boxes (or nothing): then no optional list follows.
    /// A size of 0 ("to the end of the file") does not count: NUL list terminators look like one.
    private static func startsBoxes(_ reader: ByteReader) -> Bool {
        guard reader.remaining > 0 else { return true }
        var probe = reader
        guard reader.remaining >= 8, let boxes = try? InlineBox.readAll(&probe) else { return false }
        return !boxes.isEmpty && boxes.allSatisfy { $0.type.isPlausibleBoxType && $0.raw.prefix(4).contains { $0 != 0 } }
    }

    /// The content type a `mime` box's payload holds (a FullBox, then a NUL-terminated string).
    private static func contentType(ofMIMEPayload payload: ByteReader) throws(BoxError) -> String {
        var payload = payload
        _ = try payload.readVersionAndFlags()
        return payload.readNullTerminatedString()
    }

    /// The complete sample entry box: the SampleEntry fields, the three lists, then `mime` and
    /// the other boxes. An entry that was read keeps its reserved bytes, the order of its boxes,
    /// and the bytes of its lists and `mime` while their values are unchanged.
    public func makeBox() -> Box {
        var lists = ByteWriter()
        for list in [namespace, schemaLocation, auxiliaryMIMETypes] { lists.writeNullTerminated(list) }
        let listBytes = SampleEntryLayout.keep(readLists, unless: lists.bytes, value: [namespace, schemaLocation, auxiliaryMIMETypes]) { bytes in
            var reader = ByteReader(bytes)
            let namespace = reader.readNullTerminatedString()
            let schema = reader.isAtEnd ? "" : reader.readNullTerminatedString()
            return [namespace, schema, reader.isAtEnd ? "" : reader.readNullTerminatedString()]
        }
        var mime = ByteWriter()
        if let contentType {
            mime.writeBox("mime") { body in
                body.writeVersionAndFlags(version: 0, flags: 0)
                body.writeNullTerminated(contentType)
            }
        }
        var children = layout.children(otherBoxes: otherBoxes) { _, read in
            guard let contentType else { return nil }
            return SampleEntryLayout.keep(read, unless: mime.bytes, value: contentType) { bytes in
                (try? InlineBox.readAll(bytes))?.first.flatMap { try? Self.contentType(ofMIMEPayload: $0.payload) }
            }
        }
        // A content type given to an entry read without `mime` goes first, where one is written.
        if contentType != nil, !layout.slots.contains(where: { if case .interpreted = $0 { true } else { false } }) {
            children = mime.bytes + children
        }
        return layout.makeBox(format: Self.format, dataReferenceIndex: dataReferenceIndex, fields: listBytes, children: children)
    }
}
