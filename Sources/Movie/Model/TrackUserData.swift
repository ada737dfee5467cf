import ISOBMFF

/// The parts of a track's `udta` players use: its name, characteristic tags and QuickTime text
/// items. Other items stay in the box tree untouched.
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

    public init(_ udta: Box?) throws(BoxError) {
        characteristics = []
        textItems = []
        guard let udta else { return }
        for item in udta.children {
            switch item.type {
            case "name":
                name = try TrackNameBox(item).name
            case "tagc":
                characteristics.append(try MediaCharacteristicTagBox(item).characteristic)
            case "kind":
                // Optional metadata: a malformed kind box is skipped, not a reason to refuse the movie.
                if let kind = try? TrackKindBox(item) { kinds.append(TrackKind(kind)) }
            case let type where type.isCopyrightSymbolItem:
                guard item.data != nil else { continue }
                var reader = try item.payloadReader()
                let text = try InternationalTextBox(parsing: &reader, type: type)
                textItems.append(text)
                if type == "©nam" { title = text.records.first?.text }
            default:
                continue
            }
        }
    }
}
