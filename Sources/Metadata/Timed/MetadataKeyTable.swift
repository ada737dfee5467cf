import ISOBMFF

/// The key table of a `mebx` sample entry (QTFF "Metadata key table atom"): a plain atom `keys`
/// — unlike the `keys` of a `meta`, no version, flags or count — whose children are key atoms,
/// each typed by its local key ID and holding `keyd` (required), `dtyp` and `loca`. Children
/// this reader does not interpret (Apple writes `sdpd`, `ctps`, `setu`) are kept as read and
/// written after the others, as Apple orders them; a key that is unchanged but was laid out or
/// spelled otherwise (atoms in another order, a name that is not UTF-8) is written as read.
public struct MetadataKeyTable: BoxPayload {
    public static var boxTypes: Set<FourCC> { ["keys"] }
    public var boxType: FourCC { "keys" }

    /// The keys in table order.
    public var keys: [TimedMetadataKey] {
        didSet { positions = Self.positions(of: keys) }
    }
    /// Where each local key ID first appears in ``keys``: a sample names its keys by local ID,
    /// once per value, so the lookup must not scan the table (20,000 keys read in quadratic time).
    private var positions: [UInt32: Int]
    /// The atoms of each key that this table does not interpret, by local key ID, as read.
    public var otherAtoms: [UInt32: [UInt8]]
    /// Each key atom as read, whole, with the key and other atoms it decoded to, by local key ID.
    private var atomsAsRead: [UInt32: (key: TimedMetadataKey, otherAtoms: [UInt8], bytes: ArraySlice<UInt8>)] = [:]

    /// Creates a table of `keys` with no other atoms.
    public init(keys: [TimedMetadataKey]) {
        self.keys = keys
        positions = Self.positions(of: keys)
        otherAtoms = [:]
    }

    private static func positions(of keys: [TimedMetadataKey]) -> [UInt32: Int] {
        var positions: [UInt32: Int] = [:]
        for (index, key) in keys.enumerated() where positions[key.localID] == nil {
            positions[key.localID] = index
        }
        return positions
    }

    /// Equal when the keys and their other atoms are, however each table was laid out.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keys == rhs.keys && lhs.otherAtoms == rhs.otherAtoms
    }

    /// The key a sample's value atom names by its type.
    public func key(localID: UInt32) -> TimedMetadataKey? {
        positions[localID].map { keys[$0] }
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        keys = []
        positions = [:]
        otherAtoms = [:]
        while !reader.isAtEnd {
            let atomStart = reader.index
            var atom = try Self.readAtom(&reader, in: "keys")
            let localID = atom.type.rawValue
            guard localID != 0, localID != 0xFFFF_FFFF else {
                throw atom.body.error(.invalidValue("key atom with reserved local key ID \(localID)"))
            }
            guard key(localID: localID) == nil else {
                throw atom.body.error(.invalidValue("local key ID \(localID) is declared twice"))
            }
            var keyName: MetadataKeysBox.Entry?
            var dataType: MetadataDataType?
            var dataTypeName: String?
            var locale: String?
            var others: [UInt8] = []
            while !atom.body.isAtEnd {
                let childStart = atom.body.index
                var child = try Self.readAtom(&atom.body, in: "key \(localID)")
                switch child.type {
                case "keyd":
                    let namespace = try child.body.readFourCC()
                    keyName = MetadataKeysBox.Entry(namespace: namespace, value: Array(child.body.readRemaining()))
                case "dtyp":
                    // Namespace 0: a well-known type code; 1: a reverse-DNS type name; others
                    // are reserved, so their values are ignored.
                    switch try child.body.readUInt32() {
                    case 0: dataType = MetadataDataType(rawValue: try child.body.readUInt32())
                    case 1: dataTypeName = String(decoding: child.body.readRemaining(), as: UTF8.self)
                    default: others += atom.body.bytes[childStart..<atom.body.index]
                    }
                case MetadataLocaleAtom.type:
                    locale = MetadataLocaleAtom.tag(from: &child.body)
                default:
                    others += atom.body.bytes[childStart..<atom.body.index]
                }
            }
            if !others.isEmpty { otherAtoms[localID] = others }
            guard let keyName else { throw atom.body.error(.missingBox("key \(localID) has no keyd atom")) }
            let key = TimedMetadataKey(localID: localID, keyName: keyName, dataType: dataType,
                                       dataTypeName: dataTypeName, locale: locale)
            positions[localID] = keys.count
            keys.append(key)
            atomsAsRead[localID] = (key, others, reader.bytes[atomStart..<reader.index])
        }
    }

    /// One atom of a key table or key atom: its type and a reader over its body.
    private static func readAtom(_ reader: inout ByteReader, in parent: String) throws(BoxError) -> (type: FourCC, body: ByteReader) {
        let start = reader
        let size = try reader.readUInt32()
        let type = try reader.readFourCC()
        guard size >= 8, Int(size) - 8 <= reader.remaining else {
            throw start.error(.invalidSize("atom '\(type)' in \(parent) declares size \(size), but \(reader.remaining + 8) bytes are left"))
        }
        return (type, try reader.carve(Int(size) - 8, path: "\(reader.path)/\(type)"))
    }

    public func encode(into writer: inout ByteWriter) {
        for key in keys {
            let others = otherAtoms[key.localID] ?? []
            let atom = Self.atom(key, otherAtoms: others)
            if let read = atomsAsRead[key.localID], read.key == key, read.otherAtoms == others, !read.bytes.elementsEqual(atom) {
                writer.write(bytes: read.bytes)
            } else {
                writer.write(bytes: atom)
            }
        }
    }

    /// A key atom: `keyd`, `dtyp` and `loca` as the key has them, then `otherAtoms`.
    private static func atom(_ key: TimedMetadataKey, otherAtoms: [UInt8]) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeBox(FourCC(rawValue: key.localID)) { atom in
            atom.writeBox("keyd") { keyd in
                keyd.write(key.keyName.namespace)
                keyd.write(bytes: key.keyName.value)
            }
            if let dataType = key.dataType {
                atom.writeBox("dtyp") { dtyp in
                    dtyp.write(UInt32(0))
                    dtyp.write(dataType.rawValue)
                }
            }
            if let name = key.dataTypeName {
                atom.writeBox("dtyp") { dtyp in
                    dtyp.write(UInt32(1))
                    dtyp.write(bytes: Array(name.utf8))
                }
            }
            if let locale = key.locale {
                atom.writeBox(MetadataLocaleAtom.type) { $0.write(bytes: MetadataLocaleAtom.payload(locale)) }
            }
            atom.write(bytes: otherAtoms)
        }
        return writer.bytes
    }

    public var fields: [BoxField] {
        // Each key's local ID, then its `keyd` namespace as written and name.
        [BoxField("keys", .table(keys.count) { .list([.int(keys[$0].localID), .text("\(keys[$0].namespace)/\(keys[$0].identifier.key)")]) })]
    }
}
