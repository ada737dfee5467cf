/// One row of a ``BoxRegistry``: what Legible knows about one kind of box in one place — how the
/// tree parser lays it out, how to read it at file level, which versions of it are understood and
/// which codec decodes and encodes it.
///
/// A row may state only some of these facts; the registry answers each question from the most
/// specific row that states it (see ``BoxRegistry``). Modelled on GPAC's box registry table
/// (`src/isomedia/box_funcs.c`: type, parents, highest version, specification) and on mp4ff's
/// one decoder, encoder and description per box.
public struct BoxRule: Sendable {
    /// Which box types the row is about.
    public var type: BoxTypeMatch
    /// Where the row applies.
    public var placement: BoxPlacement
    /// The FullBox versions the codec reads; nil when the box has no version byte (or the codec
    /// reads every version). A box of another version is reported, not decoded.
    public var versions: ClosedRange<UInt8>?
    /// How the tree parser splits the box into fixed fields and child boxes; nil when the row
    /// says nothing about it.
    public var layout: BoxLayout?
    /// How the box's fields are decoded for dumps and encoded back.
    public var codec: BoxCodec?
    /// How the parser reads the box when it is at file level; only for rows placed there.
    public var fileLevelReading: FileLevelReading?
    /// What the box is for in the place the row names, when it is a part players need
    /// (``BoxRole``); nil when the row says nothing about it.
    public var role: BoxRole?
    /// Where the layout is defined, e.g. `ISO/IEC 14496-12 §8.5.2`.
    public var specification: String

    /// A row about boxes of `type` in `placement`, stating the facts given.
    public init(_ type: BoxTypeMatch, _ placement: BoxPlacement = .anywhere, versions: ClosedRange<UInt8>? = nil,
                layout: BoxLayout? = nil, codec: BoxCodec? = nil, fileLevelReading: FileLevelReading? = nil,
                role: BoxRole? = nil, specification: String) {
        self.type = type
        self.placement = placement
        self.versions = versions
        self.layout = layout
        self.codec = codec
        self.fileLevelReading = fileLevelReading
        self.role = role
        self.specification = specification
    }

    /// One row per type a typed payload decodes (`stco` and `co64` share ``ChunkOffsetBox``).
    public static func payload<Payload: BoxPayload>(_ payload: Payload.Type, _ placement: BoxPlacement = .anywhere,
                                                    versions: ClosedRange<UInt8>? = nil,
                                                    specification: String) -> [BoxRule] {
        Payload.boxTypes.sorted().map { type in
            BoxRule(.type(type), placement, versions: versions, codec: .payload(Payload.self), specification: specification)
        }
    }
}

/// The box types a ``BoxRule`` is about.
public enum BoxTypeMatch: Hashable, Sendable, CustomStringConvertible {
    /// One type.
    case type(FourCC)
    /// Every type (children of `tref` are references whatever their type).
    case anyType
    /// QuickTime international text items, whose type starts with `©` (0xA9).
    case copyrightSymbolItems

    public var description: String {
        switch self {
        case let .type(type): "'\(type)'"
        case .anyType: "any type"
        case .copyrightSymbolItems: "'©xxx'"
        }
    }
}

/// Where a ``BoxRule`` applies.
public enum BoxPlacement: Hashable, Sendable, CustomStringConvertible {
    /// At file level (a box with no parent).
    case fileLevel
    /// Wherever the box is.
    case anywhere
    /// As a child of one of these boxes.
    case inside(Set<FourCC>)
    /// As a child of a child of this box: the value atoms (`data`) of an `ilst` item.
    case insideItemOf(FourCC)

    public var description: String {
        switch self {
        case .fileLevel: "at file level"
        case .anywhere: "anywhere"
        case let .inside(parents): "in " + parents.sorted().map { "'\($0)'" }.joined(separator: " or ")
        case let .insideItemOf(grandparent): "in items of '\(grandparent)'"
        }
    }
}

/// How the parser treats a box at file level. A file-level box with no rule saying otherwise is
/// read whole when it is small and left in the file otherwise.
public enum FileLevelReading: Hashable, Sendable {
    /// Parsed as a tree of boxes, whatever its size (`moov`, `moof`).
    case tree
    /// Never read, whatever its size (`mdat`, `free`).
    case never
}
