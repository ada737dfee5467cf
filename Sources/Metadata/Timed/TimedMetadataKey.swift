import ISOBMFF

/// One key of a timed metadata track's key table (QTFF "Metadata key table atom"): the local ID
/// its samples name it by, what it is (`keyd`), how its values are typed (`dtyp`) and their
/// locale (`loca`).
public struct TimedMetadataKey: Hashable, Sendable {
    /// The ID value atoms in samples carry as their type; never 0 or 0xFFFFFFFF.
    public var localID: UInt32
    /// The key in AVFoundation's form: `mdta/com.apple.quicktime.location.ISO6709`. A `keyd`
    /// namespace other than `mdta` or `udta` (Apple writes `fiel` for the fields of a structured
    /// value such as a detected face) has no key space of its own: such keys are shown in `mdta`
    /// and ``namespace`` keeps what the file says.
    public var identifier: MetadataIdentifier
    /// The `keyd` key namespace as written: `mdta`, `udta`, `fiel`, …
    public var namespace: FourCC
    /// The well-known type of the values (`dtyp` namespace 0); nil when the key has none.
    public var dataType: MetadataDataType?
    /// A reverse-DNS type name (`dtyp` namespace 1), e.g. `com.apple.quicktime.detected-face`.
    public var dataTypeName: String?
    /// The language tag of the values (`loca`); nil for every locale.
    public var locale: String?

    /// Creates a key; without `namespace`, the identifier's key space (else `mdta`) is the `keyd` namespace.
    public init(localID: UInt32, identifier: MetadataIdentifier, namespace: FourCC? = nil,
                dataType: MetadataDataType? = nil, dataTypeName: String? = nil, locale: String? = nil) {
        self.localID = localID
        self.identifier = identifier
        self.namespace = namespace ?? FourCC(identifier.keySpace.rawValue) ?? "mdta"
        self.dataType = dataType
        self.dataTypeName = dataTypeName
        self.locale = locale
    }

    /// A key from a `keyd` namespace and value: `udta` keys are four-character codes, every
    /// other namespace holds text.
    init(localID: UInt32, keyName: MetadataKeysBox.Entry, dataType: MetadataDataType?, dataTypeName: String?, locale: String?) {
        let space: MetadataKeySpace = keyName.namespace == "udta" ? .quickTimeUserData : .quickTimeMetadata
        self.init(localID: localID, identifier: MetadataIdentifier(space, keyName.key), namespace: keyName.namespace,
                  dataType: dataType, dataTypeName: dataTypeName, locale: locale)
    }

    /// The `keyd` namespace and value bytes: a `udta` key as its four bytes (`©xyz` is
    /// `A9 78 79 7A`), any other key as UTF-8.
    var keyName: MetadataKeysBox.Entry {
        if namespace == "udta", let code = FourCC(identifier.key) { return MetadataKeysBox.Entry(namespace: namespace, value: code.bytes) }
        return MetadataKeysBox.Entry(namespace: namespace, key: identifier.key)
    }
}
