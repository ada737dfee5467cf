/// Which boxes hold child boxes, and how many bytes of fixed fields come before the children.
///
/// Context decides meaning: `©nam` is a leaf in a QuickTime `udta` but a container in an iTunes
/// `ilst`; a sample entry's fields depend on its track's handler; `meta` is a FullBox in ISO files
/// and a plain atom in QuickTime ones. A *tentative* layout is tried and, if the children do not
/// tile the payload exactly, the box is kept as an opaque leaf instead (still byte-exact).
public struct ContainerLayout: Hashable, Sendable {
    /// Bytes of fixed fields before the first child.
    public var prefixSize: Int
    /// Whether a failed child parse should leave the box as a leaf rather than be an error.
    public var isTentative: Bool
    /// Whether the last four prefix bytes count the children (`stsd`, `dref`): only that many
    /// are parsed, and whatever follows them is kept as trailing bytes, not taken for boxes.
    public var prefixCountsChildren: Bool

    public init(prefixSize: Int, isTentative: Bool, prefixCountsChildren: Bool = false) {
        self.prefixSize = prefixSize
        self.isTentative = isTentative
        self.prefixCountsChildren = prefixCountsChildren
    }

    /// How many children the prefix declares, when it counts them.
    func declaredChildCount(prefix: ArraySlice<UInt8>) -> Int? {
        guard prefixCountsChildren, prefix.count >= 4 else { return nil }
        return Int(prefix.suffix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) })
    }

    /// Containers whose children must parse: a problem inside them is a real error.
    static let structural: Set<FourCC> = [
        "moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "mvex", "moof", "traf", "mfra",
        "tref", "cmov", "gmhd",
    ]

    /// Containers with no fixed fields whose content is not always well-formed in the wild.
    static let lenient: Set<FourCC> = [
        "udta", "ilst", "tapt", "clip", "matt", "rmra", "rmda", "sinf", "schi", "meco", "strk",
        "strd", "trgr", "wave", "ipro", "vttc",
    ]

    /// The layout of `type` inside `parent` (nil parent = top level), or nil for a leaf.
    /// `payload` is the box's payload, used to tell dialects apart.
    public static func layout(for type: FourCC, parent: FourCC?, handler: FourCC?,
                              payload: ArraySlice<UInt8>) -> ContainerLayout? {
        if structural.contains(type) { return ContainerLayout(prefixSize: 0, isTentative: false) }
        switch parent {
        case "ilst":
            // iTunes items (`©nam`, `trkn`, key indices) hold `data`/`mean`/`name` boxes.
            return ContainerLayout(prefixSize: 0, isTentative: true)
        case "stsd":
            return sampleEntryLayout(format: type, handler: handler, payload: payload)
        case "gmhd" where type == "tmcd":
            return ContainerLayout(prefixSize: 0, isTentative: true)
        case "wave", "tref", "dref":
            return nil
        default:
            break
        }
        switch type {
        case "stsd", "dref":
            return ContainerLayout(prefixSize: 8, isTentative: true, prefixCountsChildren: true)
        case "meta":
            return ContainerLayout(prefixSize: isQuickTimeMeta(payload) ? 0 : 4, isTentative: true)
        default:
            return lenient.contains(type) ? ContainerLayout(prefixSize: 0, isTentative: true) : nil
        }
    }

    /// QuickTime's `meta` has no version and flags: its first child (`hdlr`) starts at once.
    static func isQuickTimeMeta(_ payload: ArraySlice<UInt8>) -> Bool {
        guard payload.count >= 8 else { return false }
        let typeBytes = payload[(payload.startIndex + 4)..<(payload.startIndex + 8)]
        return Array(typeBytes) == FourCC("hdlr").bytes
            || Array(typeBytes) == FourCC("keys").bytes
            || Array(typeBytes) == FourCC("ilst").bytes
    }

    /// Sample entries: 8 bytes of SampleEntry fields, then the media-specific fields, then boxes.
    static func sampleEntryLayout(format: FourCC, handler: FourCC?, payload: ArraySlice<UInt8>) -> ContainerLayout? {
        switch format {
        case "tx3g": return ContainerLayout(prefixSize: 38, isTentative: true)
        case "wvtt", "mebx", "mp4s", "c608", "c708", "stpp", "metx", "urim", "it35":
            return ContainerLayout(prefixSize: 8, isTentative: true)
        default: break
        }
        switch handler {
        case "vide"?, "auxv"?, "pict"?:
            return ContainerLayout(prefixSize: 78, isTentative: true)
        case "soun"?:
            guard payload.count >= 10 else { return nil }
            // QuickTime sound description versions 1 and 2 add 16 and 36 bytes.
            let version = UInt16(payload[payload.startIndex + 8]) << 8 | UInt16(payload[payload.startIndex + 9])
            let extra = version == 1 ? 16 : version == 2 ? 36 : 0
            return ContainerLayout(prefixSize: 28 + extra, isTentative: true)
        default:
            return ContainerLayout(prefixSize: 8, isTentative: true)
        }
    }
}
