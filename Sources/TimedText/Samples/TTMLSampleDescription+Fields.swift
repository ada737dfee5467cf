import ISOBMFF

/// The fields `legible boxes` shows of an `stpp` entry (ISO/IEC 14496-12 §12.6.3.2
/// XMLSubtitleSampleEntry), in the order the entry stores them.
extension TTMLSampleDescription: BoxModel {
    public var fields: [BoxField] {
        var fields = [BoxField("format", .code(Self.format)), BoxField("dataReferenceIndex", .int(dataReferenceIndex)),
                      BoxField("namespace", .text(namespace)), BoxField("schemaLocation", .text(schemaLocation)),
                      BoxField("auxiliaryMIMETypes", .text(auxiliaryMIMETypes))]
        if let contentType { fields.append(BoxField("contentType", .text(contentType))) }
        return fields
    }
}
