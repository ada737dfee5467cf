/// A child of `tref`: its type is the kind of reference (`chap`, `folw`, `forc`, `cdsc`, `fall`,
/// `tmcd`, `sync`, `hint`, `subt`, …) and its payload the referenced track IDs.
/// ISO/IEC 14496-12 §8.3.3; QTFF "Track reference atom".
public struct TrackReferenceTypeBox: BoxPayload {
    /// Any type may appear inside `tref`; decoding is chosen by the parent.
    public static var boxTypes: Set<FourCC> { [] }
    public var boxType: FourCC { referenceType }

    /// The reference type (`folw`, `forc`, `chap`, `cdsc`, …).
    public var referenceType: FourCC
    /// The referenced track IDs.
    public var trackIDs: [UInt32]
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A reference of `referenceType` to `trackIDs`.
    public init(referenceType: FourCC, trackIDs: [UInt32]) {
        self.referenceType = referenceType
        self.trackIDs = trackIDs
        self.trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        referenceType = type
        trackIDs = []
        while reader.remaining >= 4 { trackIDs.append(try reader.readUInt32()) }
        trailing = Array(reader.readRemaining())
    }

    /// Decodes a child of `tref` whatever its type.
    public init(reference box: Box) throws(BoxError) {
        var reader = try box.payloadReader()
        try self.init(parsing: &reader, type: box.type)
    }

    public func encode(into writer: inout ByteWriter) {
        for id in trackIDs { writer.write(id) }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] { [BoxField("trackIDs", .list(trackIDs.map { .int($0) }))] }
}
