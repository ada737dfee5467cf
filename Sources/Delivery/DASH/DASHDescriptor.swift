/// A DASH descriptor (ISO/IEC 23009-1 §5.8.2, `DescriptorType`): a scheme URI and a value, as a
/// `Role` or `Accessibility` element carries them.
public struct DASHDescriptor: Sendable, Hashable {
    /// `@schemeIdUri`.
    public var scheme: String
    /// `@value`.
    public var value: String

    /// Creates a descriptor.
    public init(scheme: String, value: String) {
        self.scheme = scheme
        self.value = value
    }

    /// The role scheme of ISO/IEC 23009-1 §5.8.5.5 (Table 5 lists its values).
    public static let roleScheme = "urn:mpeg:dash:role:2011"
    /// TV-Anytime's AudioPurposeCS (ETSI TS 102 822-3-1), the scheme DASH-IF IOP and DVB-DASH
    /// (ETSI TS 103 285) give `Accessibility` descriptors: 1 "for the visually impaired" (audio
    /// description), 2 "for the hard of hearing".
    public static let audioPurposeScheme = "urn:tva:metadata:cs:AudioPurposeCS:2007"

    /// `<Role schemeIdUri="urn:mpeg:dash:role:2011" value="…"/>`.
    public static func role(_ value: String) -> DASHDescriptor { DASHDescriptor(scheme: roleScheme, value: value) }
}
