/// The display flags of a `tx3g` sample description (3GPP TS 26.245 plus Apple's bits).
public struct Tx3gDisplayFlags: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 3GPP: text scrolls in.
    public static let scrollIn = Tx3gDisplayFlags(rawValue: 0x0000_0020)
    /// 3GPP: text scrolls out.
    public static let scrollOut = Tx3gDisplayFlags(rawValue: 0x0000_0040)
    /// 3GPP: continuous karaoke.
    public static let continuousKaraoke = Tx3gDisplayFlags(rawValue: 0x0000_0800)
    /// 3GPP: write text vertically.
    public static let verticalText = Tx3gDisplayFlags(rawValue: 0x0002_0000)
    /// 3GPP: fill the text region with the background colour.
    public static let fillTextRegion = Tx3gDisplayFlags(rawValue: 0x0004_0000)
    /// Apple: honour each sample's `tbox` top, so cues can be placed at the top. Without it,
    /// Apple players always show subtitles at the bottom and samples must not carry `tbox`.
    public static let verticalPlacement = Tx3gDisplayFlags(rawValue: 0x2000_0000)
    /// Apple: at least one sample is forced (carries `frcd`).
    public static let someSamplesForced = Tx3gDisplayFlags(rawValue: 0x4000_0000)
    /// Apple: every sample is forced, which makes players label the track forced-only (QTFF
    /// "Subtitle sample description"; CoreMedia `kCMTextDisplayFlag_allSubtitlesForced`). Apple
    /// writes it together with ``someSamplesForced`` (0xC0000000).
    public static let allSamplesForced = Tx3gDisplayFlags(rawValue: 0x8000_0000)
}

extension Tx3gDisplayFlags {
    /// The sample entry format whose flags these are.
    public static let sampleEntryFormat: FourCC = "tx3g"

    /// The fixed fields of a `tx3g` sample entry before its boxes (3GPP TS 26.245 §5.16): the
    /// 8-byte SampleEntry prefix, then display flags (4), justifications (2), background colour
    /// (4), the default text box (8) and style record (12).
    public static let sampleEntryFieldsSize = 8 + 30

    /// The display flags of a `tx3g` sample entry: the 32 bits after its 8-byte SampleEntry
    /// prefix (3GPP TS 26.245 §5.16). Nil for another format, or an entry too short to hold its
    /// fixed fields: flags of a damaged description would only mislabel the track.
    public init?(sampleEntry box: Box) {
        guard box.type == Self.sampleEntryFormat, box.payloadSize >= UInt64(Self.sampleEntryFieldsSize),
              var reader = try? box.payloadPrefixReader(12),
              (try? reader.skip(8)) != nil, let raw = try? reader.readUInt32() else { return nil }
        self.init(rawValue: raw)
    }
}
