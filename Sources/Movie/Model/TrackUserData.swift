import ISOBMFF

/// The parts of a track's `udta` players use: its name, characteristic tags and QuickTime text
/// items. Other items stay in the box tree untouched. An item that fails to decode is skipped
/// with a warning: user data is optional, and one damaged item must not hide the track.
public struct TrackUserData: Sendable, Equatable {
    /// From `name` (QuickTime; ffmpeg writes stream titles here).
    public var name: String?
    /// From `tnam` or `©nam`, when present.
    public var title: String?
    /// Every `tagc` value, in order.
    public var characteristics: [String]
    /// QuickTime `©xxx` text items.
    public var textItems: [InternationalTextBox]
    /// Every well-formed `kind` box (ISO/IEC 14496-12 §8.10.4), in order.
    public var kinds: [TrackKind] = []

    /// Decodes the items of `udta`, reading any left in the file from `source`; problems are
    /// appended to `warnings`.
    public init(_ udta: Box?, limits: Limits = .standard, warnings: inout [BoxError]) {
        characteristics = []
        textItems = []
        for item in udta?.children ?? [] {
            do throws(BoxError) {
                try decode(item, limits: limits)
            } catch {
                warnings.append(error)
            }
        }
    }

    /// The item types read here; nothing else is loaded from the file.
    private static let decodedTypes: Set<FourCC> = ["name", "tagc", "kind"]

    private mutating func decode(_ item: Box, limits: Limits) throws(BoxError) {
        guard Self.decodedTypes.contains(item.type) || item.type.isCopyrightSymbolItem else { return }
        let item = try item.loaded(limits: limits)
        switch item.type {
        case "name":
            name = try TrackNameBox(item).name
        case "tagc":
            characteristics.append(try MediaCharacteristicTagBox(item).characteristic)
        case "kind":
            kinds.append(TrackKind(try TrackKindBox(item)))
        // In an iTunes-style `udta` a `©xxx` can be a container; only text items are read.
        case let type where type.isCopyrightSymbolItem && item.data != nil:
            var reader = try item.payloadReader()
            let text = try InternationalTextBox(parsing: &reader, type: type)
            textItems.append(text)
            if type == "©nam" { title = text.records.first?.text }
        default:
            return
        }
    }
}
