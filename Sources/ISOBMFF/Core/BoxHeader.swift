/// The header of a box: its size field in the form it was written, its type and, for `uuid`
/// boxes, the 16-byte extended type.
///
/// ISO/IEC 14496-12 §4.2; QTFF "Atoms". The form is remembered so an unchanged box is written
/// back exactly as it was read.
public struct BoxHeader: Hashable, Sendable {
    /// How the size of a box is written.
    public enum SizeForm: Hashable, Sendable {
        /// A 32-bit size.
        case compact
        /// Size field 1 and a 64-bit size after the type.
        case large
        /// Size field 0: the box runs to the end of its file (or parent).
        case toEnd
    }

    /// The box type.
    public var type: FourCC
    /// The form written: as read or given, except that a compact size that cannot hold the total
    /// (over 4 GiB) is written in the large form, so a header never states a wrong size.
    public var form: SizeForm {
        get {
            guard storedForm == .compact else { return storedForm }
            return Self.fits32Bits(8 + (userType == nil ? 0 : 16) + payloadSize) ? .compact : .large
        }
        set { storedForm = newValue }
    }
    private var storedForm: SizeForm
    /// The extended type of a `uuid` box.
    public var userType: [UInt8]?
    /// Bytes after the header, as the size field declared them (or as found, for `toEnd`).
    public var payloadSize: UInt64

    /// A header for new content: compact unless the size needs 64 bits.
    public init(type: FourCC, payloadSize: UInt64, userType: [UInt8]? = nil) {
        self.type = type
        self.userType = userType
        self.payloadSize = payloadSize
        self.storedForm = .compact
    }

    /// A header for a box of `type` whose payload holds `payloadSize` bytes, written in `form`;
    /// `userType` is the 16-byte extended type of a `uuid` box.
    public init(type: FourCC, form: SizeForm, payloadSize: UInt64, userType: [UInt8]? = nil) {
        self.type = type
        self.storedForm = form
        self.userType = userType
        self.payloadSize = payloadSize
    }

    /// 8, 16 (largesize), plus 16 for a `uuid` extended type.
    public var headerSize: UInt64 { (form == .large ? 16 : 8) + (userType == nil ? 0 : 16) }
    /// The size of the whole box: header and payload.
    public var totalSize: UInt64 { headerSize + payloadSize }

    private static func fits32Bits(_ size: UInt64) -> Bool { size <= UInt64(UInt32.max) }

    /// The same header resized for a new payload; the form is kept unless the size no longer
    /// fits it (a compact box that grows past 4 GiB becomes large).
    public func resized(to newPayloadSize: UInt64) -> BoxHeader {
        var copy = self
        copy.payloadSize = newPayloadSize
        return copy
    }

    /// The header with its size written out: a size-0 ("to the end of the file") header becomes
    /// compact (or large), for a box that no longer ends the file.
    public var explicit: BoxHeader {
        var copy = self
        if copy.storedForm == .toEnd { copy.storedForm = .compact }
        return copy
    }

    /// Reads a header at the start of `reader`. `available` is the number of bytes from the
    /// header's start to the end of the enclosing space (parent or file), used for `toEnd`.
    public static func read(from reader: inout ByteReader, available: UInt64) throws(BoxError) -> BoxHeader {
        let start = reader.location
        let startIndex = reader.index
        let size32 = try reader.readUInt32()
        let type = try reader.readFourCC()
        // Problems past the type belong to this box: reported at its header, under its path.
        let here = BoxLocation(path: start.path.isEmpty ? type.description : "\(start.path)/\(type)", offset: start.offset)
        let extraBytes = (size32 == 1 ? 8 : 0) + (type == "uuid" ? 16 : 0)
        guard reader.remaining >= extraBytes else {
            throw BoxError(.truncated(needed: UInt64(8 + extraBytes), available: UInt64(8 + reader.remaining)), at: here)
        }
        var form = SizeForm.compact
        var total = UInt64(size32)
        if size32 == 1 {
            form = .large
            total = try reader.readUInt64()
        } else if size32 == 0 {
            form = .toEnd
            total = available
        }
        var userType: [UInt8]?
        if type == "uuid" { userType = Array(try reader.readBytes(16)) }
        let headerSize = UInt64(reader.index - startIndex)
        guard total >= headerSize else {
            throw BoxError(.invalidSize("box '\(type)' declares size \(total), smaller than its \(headerSize)-byte header"), at: here)
        }
        return BoxHeader(type: type, form: form, payloadSize: total - headerSize, userType: userType)
    }

    /// Writes the header; a `toEnd` form is written as size 0.
    public func write(into writer: inout ByteWriter) {
        switch form {
        case .compact:
            writer.write(UInt32(truncatingIfNeeded: totalSize))
            writer.write(type)
        case .large:
            writer.write(UInt32(1))
            writer.write(type)
            writer.write(totalSize)
        case .toEnd:
            writer.write(UInt32(0))
            writer.write(type)
        }
        if let userType { writer.write(bytes: userType) }
    }
}
