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
            try reader.skip(6)
            dataReferenceIndex = try reader.readUInt16()
            namespace = reader.readNullTerminatedString()
            schemaLocation = Self.startsBoxes(reader) ? "" : reader.readNullTerminatedString()
            auxiliaryMIMETypes = Self.startsBoxes(reader) ? "" : reader.readNullTerminatedString()
            var contentType: String?
            var others: [UInt8] = []
            for child in try InlineBox.readAll(&reader) {
                if child.type == "mime", contentType == nil {
                    var payload = child.payload
                    _ = try payload.readVersionAndFlags()
                    contentType = payload.readNullTerminatedString()
                } else {
                    others += child.raw
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

    /// The complete sample entry box.
    public func makeBox() -> Box {
        var writer = ByteWriter()
        writer.write(bytes: [0, 0, 0, 0, 0, 0])
        writer.write(dataReferenceIndex)
        for list in [namespace, schemaLocation, auxiliaryMIMETypes] { writer.writeNullTerminated(list) }
        if let contentType {
            writer.writeBox("mime") { body in
                body.writeVersionAndFlags(version: 0, flags: 0)
                body.writeNullTerminated(contentType)
            }
        }
        writer.write(bytes: otherBoxes)
        return Box(type: Self.format, payload: writer.bytes)
    }
}
