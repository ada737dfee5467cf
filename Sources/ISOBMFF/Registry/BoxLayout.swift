/// What a ``BoxRule`` says about how the tree parser lays a box out.
public enum BoxLayout: Sendable {
    /// Not a container: the payload is kept as bytes, whatever a less specific rule says.
    case leaf
    /// Always this container layout.
    case container(ContainerLayout)
    /// A layout that depends on the payload's first bytes (``BoxTreeParser/layoutPeekSize`` of
    /// them, or more, or the whole payload when it is shorter) or on the handler of the track
    /// the box is in; nil makes the box a leaf.
    case depending(@Sendable (_ payloadStart: ArraySlice<UInt8>, _ handler: FourCC?) -> ContainerLayout?)

    /// A container whose children must parse: a problem inside it is a real error (`moov`, `trak`).
    public static let structure = BoxLayout.container(ContainerLayout(prefixSize: 0, isTentative: false))

    /// A container tried after `prefixSize` bytes of fixed fields, kept as a leaf when its
    /// content does not form boxes (user data and sample entries are not always well-formed).
    public static func tentative(afterFields prefixSize: Int = 0) -> BoxLayout {
        .container(ContainerLayout(prefixSize: prefixSize, isTentative: true))
    }

    /// The layout of a box whose payload starts with `payloadStart`, in a track of `handler`.
    func resolved(payloadStart: ArraySlice<UInt8>, handler: FourCC?) -> ContainerLayout? {
        switch self {
        case .leaf: nil
        case let .container(layout): layout
        case let .depending(decide): decide(payloadStart, handler)
        }
    }

    /// Whether this is a container layout whose content must parse, wherever the box is.
    var isStructure: Bool {
        if case let .container(layout) = self { return !layout.isTentative }
        return false
    }
}
