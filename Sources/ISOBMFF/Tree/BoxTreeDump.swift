/// One box prepared for display: its offset, sizes, header form and the decoded fields of the
/// boxes Legible models. ``walk(_:registry:maxDepth:enter:leave:)`` produces them one at a time, so
/// a dump of a tree of any size holds one node per level; renderers (text, JSON) live in the CLI.
public struct BoxDumpNode: Sendable {
    /// The box type.
    public var type: FourCC
    /// The box's path from the top level (`moov/trak/mdia`).
    public var path: String
    /// The file offset of the box's first header byte; nil for a box made in memory.
    public var offset: UInt64?
    /// The box's total size in bytes, header included.
    public var size: UInt64
    /// The header's size in bytes: 8, 16 with a 64-bit size, plus 16 for `uuid`.
    public var headerSize: UInt64
    /// How the header states the size.
    public var form: BoxHeader.SizeForm
    /// Decoded fields; nil when the box is not modelled here.
    public var fields: [BoxField]?
    /// Why decoding failed, when it did.
    public var decodeError: BoxError?
    /// Bytes declared by the header that the file lacks.
    public var missingBytes: UInt64
    /// Children that will be visited after this node.
    public var shownChildCount: Int
    /// Children not shown because of the depth limit.
    public var hiddenChildCount: Int

    /// Visits `boxes` depth first, showing `maxDepth` levels (nil = all): `enter` receives each
    /// node and its level (1 = top level) before its children, `leave` after them. The fields
    /// are those `registry` decodes; boxes it decodes that were left in the file are read, one
    /// at a time, to show them, and so is each movie fragment the reader left unparsed
    /// (`Box.expanded(limits:)`): a dump of any number of fragments holds one at a time.
    public static func walk(_ boxes: [Box], registry: BoxRegistry = .isobmff, maxDepth: Int? = nil,
                            enter: (BoxDumpNode, Int) -> Void, leave: (BoxDumpNode, Int) -> Void) {
        for box in boxes {
            do throws(BoxError) {
                visit(try box.expanded(), context: BoxContext(), registry: registry, depth: 1, maxDepth: maxDepth,
                      enter: enter, leave: leave)
            } catch {
                visit(box, context: BoxContext(), registry: registry, depth: 1, maxDepth: maxDepth, unreadable: error,
                      enter: enter, leave: leave)
            }
        }
    }

    private static func visit(_ box: Box, context: BoxContext, registry: BoxRegistry, depth: Int, maxDepth: Int?,
                              unreadable: BoxError? = nil, enter: (BoxDumpNode, Int) -> Void, leave: (BoxDumpNode, Int) -> Void) {
        let decoded = unreadable.map { Result<[BoxField], BoxError>.failure($0) } ?? registry.fields(of: box, in: context)
        let showChildren = maxDepth.map { depth < $0 } ?? true
        let header = box.headerForWriting
        let node = BoxDumpNode(
            type: box.type, path: box.pathDescription, offset: box.location?.offset, size: box.totalSize,
            headerSize: header.headerSize, form: header.form,
            fields: try? decoded?.get(), decodeError: decoded.flatMap { if case let .failure(error) = $0 { error } else { nil } },
            missingBytes: box.missingBytes,
            shownChildCount: showChildren ? box.children.count : 0,
            hiddenChildCount: showChildren ? 0 : box.children.count)
        enter(node, depth)
        if showChildren {
            let inside = context.inside(box)
            for child in box.children {
                visit(child, context: inside, registry: registry, depth: depth + 1, maxDepth: maxDepth, enter: enter, leave: leave)
            }
        }
        leave(node, depth)
    }
}
