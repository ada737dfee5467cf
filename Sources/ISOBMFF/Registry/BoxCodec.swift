/// A decoded box: the fields a dump shows, and the box it encodes back to.
///
/// Decoding an unchanged box and encoding the result gives back the same payload bytes: models
/// keep wire values (versions, flags, raw fixed-point numbers, reserved words) and bytes they do
/// not interpret.
public protocol BoxModel: Sendable {
    /// The decoded fields, for dumps.
    var fields: [BoxField] { get }
    /// The box this value encodes to.
    func makeBox() -> Box
}

/// Where a box is, as far as decoding it depends on that: its parent, its parent's parent and
/// the handler of the track it is in.
public struct BoxContext: Hashable, Sendable {
    /// The parent's type; nil at file level.
    public var parent: FourCC?
    /// The parent's parent's type; nil at file level and for its children.
    public var grandparent: FourCC?
    /// The handler type of the enclosing track (`vide`, `soun`, `sbtl`, …), when known.
    public var handler: FourCC?

    /// A context; the default is file level, outside any track.
    public init(parent: FourCC? = nil, grandparent: FourCC? = nil, handler: FourCC? = nil) {
        self.parent = parent
        self.grandparent = grandparent
        self.handler = handler
    }

    /// The context of the children of `box`, a box in this context: a `trak` passes on the
    /// handler its `mdia/hdlr` names.
    public func inside(_ box: Box) -> BoxContext {
        var handler = handler
        if box.type == "trak", let hdlr = box.descendant(["mdia", "hdlr"]) {
            handler = BoxTreeParser.handlerType(of: hdlr)
        }
        return BoxContext(parent: box.type, grandparent: parent, handler: handler)
    }
}

/// How a ``BoxRule`` decodes a box into a ``BoxModel``.
///
/// The box given to `decode` is in memory (a leaf's payload loaded, or a container); `decode`
/// returns nil when the box is not in a form the codec reads (a container where it expects a
/// leaf), and throws when its bytes are malformed.
public struct BoxCodec: Sendable {
    /// Decodes a box in its context.
    public let decode: @Sendable (Box, BoxContext) throws(BoxError) -> (any BoxModel)?

    /// A codec that decodes with `decode`.
    public init(decode: @escaping @Sendable (Box, BoxContext) throws(BoxError) -> (any BoxModel)?) {
        self.decode = decode
    }

    /// The codec of a typed payload: it reads leaves of any type the row matches.
    public static func payload<Payload: BoxPayload>(_ payload: Payload.Type) -> BoxCodec {
        BoxCodec { (box, _) throws(BoxError) in
            guard box.data != nil else { return nil }
            var reader = try box.payloadReader()
            return try Payload(parsing: &reader, type: box.type)
        }
    }
}
