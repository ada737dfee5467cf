/// A child of `tref`: its type is the kind of reference (`chap`, `folw`, `forc`, `cdsc`, `fall`,
/// `tmcd`, `sync`, `hint`, `subt`, …) and its payload the referenced track IDs.
/// ISO/IEC 14496-12 §8.3.3; QTFF "Track reference atom".
public struct TrackReferenceTypeBox: BoxPayload {
    /// Any type may appear inside `tref`; decoding is chosen by the parent.
    public static var boxTypes: Set<FourCC> { [] }
    public var boxType: FourCC { referenceType }

    public var referenceType: FourCC
    public var trackIDs: [UInt32]
    public var trailing: [UInt8]

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
