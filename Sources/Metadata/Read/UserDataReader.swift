import ISOBMFF

/// Reads the items of a `udta` box (QTFF "User data atoms"; 3GPP TS 26.244 §8): every child
/// becomes at least one item, so nothing in user data goes unreported. `©xxx` text items give
/// one item per language record, 3GPP asset items one per value, `name` and `tagc` text, a
/// `meta` the items of its list, and anything else (maker boxes, `XMP_`, `chpl`, `tnam`, …)
/// its bytes.
enum UserDataReader {
    static func read(_ udta: Box, scope: MetadataScope, limits: Limits, into reading: inout MetadataReading) {
        guard udta.isContainer else {
            // The children did not tile the payload: report it whole rather than lose it.
            reading.warnings.append(BoxError(.invalidValue("user data is not a list of boxes; reported as one item"),
                                             at: udta.itemLocation))
            reading.collect { () throws(BoxError) in
                [MetadataItem(identifier: MetadataIdentifier(.quickTimeUserData, udta.type.description),
                              value: .bytes(try udta.payloadBytes(limits: limits)), scope: scope, origin: udta.origin())]
            }
            return
        }
        for child in udta.children {
            if child.type == "meta" {
                let before = reading.items.count
                MetadataListReader.read(child, scope: scope, limits: limits, into: &reading)
                // A list that gave no item (empty, or every item damaged) is reported whole.
                if reading.items.count == before {
                    reading.items += bytesItem(child, space: .quickTimeUserData, scope: scope, limits: limits)
                }
                continue
            }
            let space: MetadataKeySpace = ISOUserDataItem.types.contains(child.type) ? .isoUserData : .quickTimeUserData
            reading.collect({ () throws(BoxError) in
                // An item with no value in it (a `©xxx` without records, a `kywd` without
                // keywords) is still reported, as its bytes.
                let decoded = try items(of: child, scope: scope, limits: limits)
                return decoded.isEmpty ? bytesItem(child, space: space, scope: scope, limits: limits) : decoded
            }, orElse: { bytesItem(child, space: space, scope: scope, limits: limits) })
        }
    }

    /// A damaged or unmodelled item as its bytes; none when even they cannot be read.
    static func bytesItem(_ box: Box, space: MetadataKeySpace, scope: MetadataScope, limits: Limits) -> [MetadataItem] {
        guard let bytes = try? box.payloadBytes(limits: limits) else { return [] }
        return [MetadataItem(identifier: MetadataIdentifier(space, box.type.description), value: .bytes(bytes),
                             scope: scope, origin: box.origin())]
    }

    private static func items(of box: Box, scope: MetadataScope, limits: Limits) throws(BoxError) -> [MetadataItem] {
        let type = box.type
        func item(_ space: MetadataKeySpace, _ value: MetadataValue, language: String? = nil) -> MetadataItem {
            MetadataItem(identifier: MetadataIdentifier(space, type.description), value: value, language: language,
                         scope: scope, origin: box.origin())
        }
        let loaded = try box.loaded(limits: limits)
        switch type {
        case _ where type.isCopyrightSymbolItem && loaded.data != nil:
            var reader = try loaded.payloadReader()
            return try InternationalTextBox(parsing: &reader, type: type).records.map { record in
                item(.quickTimeUserData, .text(record.text),
                     language: record.language.isUndetermined ? nil : record.language.iso639Code)
            }
        case _ where ISOUserDataItem.types.contains(type) && loaded.data != nil:
            var reader = try loaded.payloadReader()
            return try ISOUserDataItem.values(parsing: &reader, type: type).map { item(.isoUserData, $0.value, language: $0.language) }
        case "name" where loaded.data != nil:
            return [item(.quickTimeUserData, .text(try TrackNameBox(loaded).name))]
        case "tagc" where loaded.data != nil:
            return [item(.quickTimeUserData, .text(try MediaCharacteristicTagBox(loaded).characteristic))]
        default:
            return [item(.quickTimeUserData, .bytes(try loaded.payloadBytes(limits: limits)))]
        }
    }
}
