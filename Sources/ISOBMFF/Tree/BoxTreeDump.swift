/// A box tree prepared for display: each box with its offset, sizes, header form and the
/// decoded fields of the boxes Legible models. Renderers (text, JSON) live in the CLI.
public struct BoxDumpNode: Sendable {
    public var type: FourCC
    public var path: String
    public var offset: UInt64?
    public var size: UInt64
    public var headerSize: UInt64
    public var form: BoxHeader.SizeForm
    /// Decoded fields; nil when the box is not modelled here.
    public var fields: [BoxField]?
    /// Why decoding failed, when it did.
    public var decodeError: BoxError?
    /// Whether the payload was left in the file (not read).
    public var isUnread: Bool
    /// Bytes declared by the header that the file lacks.
    public var missingBytes: UInt64
    public var children: [BoxDumpNode]
    /// Children not shown because of the depth limit.
    public var hiddenChildCount: Int

    /// Builds dump nodes for `boxes`, showing `maxDepth` levels (nil = all); modelled boxes left
    /// in the file are read from `source`, one at a time, to show their fields.
    public static func nodes(for boxes: [Box], source: any ByteSource, maxDepth: Int? = nil) -> [BoxDumpNode] {
        boxes.map { node(for: $0, parent: nil, handler: nil, source: source, depth: 1, maxDepth: maxDepth) }
    }

    static func node(for box: Box, parent: FourCC?, handler: FourCC?, source: any ByteSource,
                     depth: Int, maxDepth: Int?) -> BoxDumpNode {
        var handler = handler
        if box.type == "trak", let hdlr = box.descendant(["mdia", "hdlr"]) {
            handler = BoxTreeParser.handlerType(of: hdlr)
        }
        let decoded = BoxCatalog.fields(of: box, parent: parent, handler: handler, source: source)
        let showChildren = maxDepth.map { depth < $0 } ?? true
        var unread = false
        if case .fileRange = box.content { unread = true }
        let header = box.headerForWriting
        return BoxDumpNode(
            type: box.type, path: box.pathDescription, offset: box.location?.offset, size: box.totalSize,
            headerSize: header.headerSize, form: header.form,
            fields: try? decoded?.get(), decodeError: decoded.flatMap { if case let .failure(error) = $0 { error } else { nil } },
            isUnread: unread, missingBytes: box.missingBytes,
            children: showChildren ? box.children.map {
                node(for: $0, parent: box.type, handler: handler, source: source, depth: depth + 1, maxDepth: maxDepth)
            } : [],
            hiddenChildCount: showChildren ? 0 : box.children.count)
    }
}
