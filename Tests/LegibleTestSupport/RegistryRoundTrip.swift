import ISOBMFF
import Testing

/// Checks that every box a ``BoxRegistry`` decodes encodes back to its own payload bytes, and
/// counts how many boxes each codec row decoded, so a test can tell which rows no file exercises.
public struct RegistryRoundTrip {
    public let registry: BoxRegistry
    /// Boxes decoded per codec row, keyed by ``rowName(_:)``.
    public private(set) var instances: [String: Int] = [:]

    public init(registry: BoxRegistry) { self.registry = registry }

    /// A codec row's name: its type and placement (unique in a registry without conflicts).
    public static func rowName(_ rule: BoxRule) -> String { "\(rule.type) \(rule.placement)" }

    /// The names of the registry's codec rows.
    public var codecRowNames: [String] { registry.rules.filter { $0.codec != nil }.map(Self.rowName) }

    /// Decodes and re-encodes every box of `file` (whose bytes are `bytes`) that a row decodes,
    /// in the context a dump gives it. A decoding failure is a test failure in a well-formed
    /// file, and must be a located error in a malformed one; a decoded box must encode back to
    /// the same payload in any file.
    public mutating func check(_ file: BoxFile, bytes: [UInt8], label: String, wellFormed: Bool) {
        for box in file.boxes {
            // Movie fragments are left to be parsed when reached; their boxes are checked too.
            do {
                visit(try box.expanded(), context: BoxContext(), bytes: bytes, label: label, wellFormed: wellFormed)
            } catch {
                Issue.record("\(box.pathDescription) in \(label): \(error)")
            }
        }
    }

    private mutating func visit(_ box: Box, context: BoxContext, bytes: [UInt8], label: String, wellFormed: Bool) {
        if let rule = registry.rule(decoding: box.type, in: context) {
            switch registry.decode(box, in: context) {
            case let .success(model)?:
                instances[Self.rowName(rule), default: 0] += 1
                do {
                    let original = try Self.payload(of: box.loaded())
                    let encoded = try Self.payload(of: model.makeBox())
                    #expect(encoded == original, "\(box.pathDescription) in \(label): \(Self.rowName(rule)) encodes to other bytes")
                } catch {
                    Issue.record("\(box.pathDescription) in \(label): \(error)")
                }
            case let .failure(error)?:
                if wellFormed {
                    Issue.record("\(label): \(error)")
                } else {
                    expectLocated(error, in: bytes, label)
                }
            case nil:
                break
            }
        }
        let inside = context.inside(box)
        for child in box.children { visit(child, context: inside, bytes: bytes, label: label, wellFormed: wellFormed) }
    }

    /// The bytes after the header, as the box writes them.
    private static func payload(of box: Box) throws(BoxError) -> [UInt8] {
        Array(try box.encoded().dropFirst(Int(box.headerForWriting.headerSize)))
    }
}
