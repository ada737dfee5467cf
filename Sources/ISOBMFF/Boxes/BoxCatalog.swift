/// The boxes whose fields Legible decodes for dumps, chosen by type and parent.
///
/// Context decides meaning: any child of `tref` is a reference list, a `©xxx` item in `udta` is
/// international text (but a container in `ilst`), and children of `stsd` are sample entries.
public enum BoxCatalog {
    static let payloadTypes: [any BoxPayload.Type] = [
        FileTypeBox.self, MovieHeaderBox.self, TrackHeaderBox.self, EditListBox.self, MediaHeaderBox.self,
        ExtendedLanguageBox.self, HandlerBox.self, TimeToSampleBox.self, CompositionOffsetBox.self,
        SampleToChunkBox.self, SampleSizeBox.self, ChunkOffsetBox.self, SyncSampleBox.self,
        MediaCharacteristicTagBox.self, TrackNameBox.self, TrackKindBox.self,
    ]

    static let byType: [FourCC: any BoxPayload.Type] = {
        var table: [FourCC: any BoxPayload.Type] = [:]
        for payloadType in payloadTypes {
            for type in payloadType.boxTypes { table[type] = payloadType }
        }
        return table
    }()

    /// The decoded fields of `box`, nil when Legible does not model it in this place; a decoding
    /// failure is returned as an error so a dump can show it beside the box. A modelled box the
    /// parser left in the file (a large sample table) is read from `source` for the occasion.
    public static func fields(of box: Box, parent: FourCC?, handler: FourCC?) -> Result<[BoxField], BoxError>? {
        guard isModelled(box.type, parent: parent) else { return nil }
        do throws(BoxError) {
            let box = try box.loaded()
            if parent == "stsd" {
                return .success(try SampleEntry(box, handler: handler).fields)
            }
            guard box.data != nil else { return nil }
            if parent == "tref" {
                return .success(try TrackReferenceTypeBox(reference: box).fields)
            }
            if parent == "udta" && box.type.isCopyrightSymbolItem {
                var reader = try box.payloadReader()
                return .success(try InternationalTextBox(parsing: &reader, type: box.type).fields)
            }
            // `name` is a track name only in `udta`; inside iTunes `----` items it is a FullBox.
            guard let payloadType = byType[box.type], box.type != "name" || parent == "udta" else { return nil }
            return .success(try payloadType.init(box).fields)
        } catch {
            return .failure(error)
        }
    }

    /// Whether a box of `type` inside `parent` has a typed view, decided without reading it.
    static func isModelled(_ type: FourCC, parent: FourCC?) -> Bool {
        parent == "stsd" || parent == "tref" || (parent == "udta" && type.isCopyrightSymbolItem) || byType[type] != nil
    }
}
