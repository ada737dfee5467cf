import ISOBMFF

/// Edits the QuickTime international text items (`©nam`, `©xyz`, …) of one `udta`: each item
/// holds one (bare text length, packed language, UTF-8 text) record per language (QTFF "User
/// data text strings and language codes").
struct UserDataTextItems {
    var userData: Box
    var limits: Limits = .standard

    /// Whether an item of `type` exists.
    func contains(_ type: FourCC) -> Bool { userData.child(type) != nil }

    /// Sets the record of `locale` in the first item of `type` (see ``MetadataLocale/matches(_:)``
    /// for the neutral value), or adds the record or the item.
    mutating func set(_ type: FourCC, locale: MetadataLocale, to text: String) throws(BoxError) {
        let limits = limits
        let record = InternationalTextBox.Record(language: locale.recordLanguage, text: text)
        try userData.editChildren { (children: inout [Box]) throws(BoxError) in
            guard let position = children.firstIndex(where: { $0.type == type }) else {
                children.append(InternationalTextBox(itemType: type, records: [record]).makeBox())
                return
            }
            var item = try Self.decode(children[position], limits: limits)
            if let existing = item.records.firstIndex(where: { locale.matches($0.language) }) {
                item.records[existing].textBytes = record.textBytes
            } else {
                item.records.append(record)
            }
            children[position] = try children[position].loaded(limits: limits)
            children[position].setPayload(item)
        }
    }

    /// Removes the items of `type`, or only their records of `locale`. Returns whether anything
    /// was removed.
    mutating func remove(_ type: FourCC, locale: MetadataLocale?) throws(BoxError) -> Bool {
        let limits = limits
        var removed = false
        try userData.editChildren { (children: inout [Box]) throws(BoxError) in
            for position in children.indices.reversed() where children[position].type == type {
                guard let locale else {
                    children.remove(at: position)
                    removed = true
                    continue
                }
                var item = try Self.decode(children[position], limits: limits)
                let before = item.records.count
                item.records.removeAll { locale.matches($0.language) }
                guard item.records.count < before else { continue }
                removed = true
                if item.records.isEmpty {
                    children.remove(at: position)
                } else {
                    children[position] = try children[position].loaded(limits: limits)
                    children[position].setPayload(item)
                }
            }
        }
        return removed
    }

    static func decode(_ box: Box, limits: Limits) throws(BoxError) -> InternationalTextBox {
        var reader = try box.loaded(limits: limits).payloadReader()
        return try InternationalTextBox(parsing: &reader, type: box.type)
    }
}
