import ISOBMFF

/// The bytes of one timed metadata sample (QTFF "Timed Metadata Media", sample format): value
/// atoms back to back, each `size | local key ID | value`. A key absent from a sample has no
/// value for the sample's time. Atoms of type 0 are placeholders (and padding) and 0xFFFFFFFF is
/// reserved: both are skipped, so a sample of only a placeholder is an explicit "no metadata".
public struct TimedMetadataSample: Hashable, Sendable {
    /// One value atom: the key it is for and the value's bytes.
    public struct Value: Hashable, Sendable {
        /// The local key ID of the key the value is for (the atom's type).
        public var localID: UInt32
        /// The value's bytes, as the key's data type encodes them.
        public var bytes: [UInt8]

        /// Creates a value atom for the key `localID`.
        public init(localID: UInt32, bytes: [UInt8]) {
            self.localID = localID
            self.bytes = bytes
        }
    }

    /// The values in sample order; empty for a gap.
    public var values: [Value]

    /// Creates a sample of `values`, in order.
    public init(values: [Value]) {
        self.values = values
    }

    /// Decodes a sample; `reader` spans exactly its bytes.
    public init(parsing reader: inout ByteReader) throws(BoxError) {
        values = []
        while !reader.isAtEnd {
            let start = reader
            let size = try reader.readUInt32()
            let localID = try reader.readUInt32()
            guard size >= 8, Int(size) - 8 <= reader.remaining else {
                throw start.error(.invalidSize("value atom declares size \(size), but the sample has \(reader.remaining + 8) bytes left"))
            }
            let value = try reader.readBytes(Int(size) - 8)
            guard localID != 0, localID != 0xFFFF_FFFF else { continue }
            values.append(Value(localID: localID, bytes: Array(value)))
        }
    }

    /// The sample's bytes; a sample without values is one placeholder atom, since a timed
    /// metadata sample may not be empty.
    public func encoded() -> [UInt8] {
        guard !values.isEmpty else { return Self.placeholder }
        var writer = ByteWriter()
        for value in values {
            writer.write(UInt32(truncatingIfNeeded: 8 + value.bytes.count))
            writer.write(value.localID)
            writer.write(bytes: value.bytes)
        }
        return writer.bytes
    }

    /// An unreferenced atom of type 0 and no value: the sample of an interval without metadata.
    public static let placeholder: [UInt8] = [0, 0, 0, 8, 0, 0, 0, 0]
}
