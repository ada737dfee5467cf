import ISOBMFF
import Language

/// Removing items a reader found, by where they were read (``MetadataOrigin``): what the
/// privacy filter does. Boxes are matched by their file offset, so exactly those items go;
/// every other box keeps its bytes.
extension MetadataEditor {
    /// `moov` without `items`. An item's origin names its box: a `udta` item (of which only the
    /// item's language record goes when others remain), an `ilst` item (of which only the item's
    /// `data` atom goes when others remain) or a `data` atom. A QuickTime metadata key left with
    /// no item goes, and the items above it are renumbered; containers left empty go. Items
    /// without an origin are ignored.
    public func removing(_ items: [MetadataItem], from moov: Box) throws(BoxError) -> Box {
        var targets: [UInt64: [MetadataItem]] = [:]
        for item in items {
            guard let origin = item.origin else { continue }
            targets[origin.location.offset, default: []].append(item)
        }
        guard !targets.isEmpty else { return moov }
        var moov = moov
        _ = try prune(&moov, targets)
        return moov
    }

    /// Removes the targets among `box`'s descendants; returns whether anything changed.
    private func prune(_ box: inout Box, _ targets: [UInt64: [MetadataItem]]) throws(BoxError) -> Bool {
        guard box.isContainer else { return false }
        let isQuickTimeMetadata = box.metaHandlerType == "mdta"
        let usedBefore = isQuickTimeMetadata ? QuickTimeMetadataList(meta: box, limits: limits).usedIndices : []
        var changed = false
        let parent = box.type
        try box.editChildren { (children: inout [Box]) throws(BoxError) in
            for position in children.indices.reversed() {
                if let offset = children[position].location?.offset, let matched = targets[offset] {
                    changed = true
                    if let rest = try remainder(of: children[position], without: matched, parent: parent) {
                        children[position] = rest
                    } else {
                        children.remove(at: position)
                    }
                    continue
                }
                guard targets.keys.contains(where: children[position].spans), try prune(&children[position], targets) else { continue }
                changed = true
                if Self.isMetadataContainer(children[position], parent: parent), children[position].hasNoMetadataLeft {
                    children.remove(at: position)
                }
            }
        }
        if changed, isQuickTimeMetadata {
            var list = QuickTimeMetadataList(meta: box, limits: limits)
            try list.dropKeysWithoutItems(among: usedBefore)
            box = list.meta
        }
        return changed
    }

    private static func isMetadataContainer(_ box: Box, parent: FourCC) -> Bool {
        box.type == "udta" || box.type == "ilst" || parent == "ilst" || box.metaHandlerType == "mdta" || box.metaHandlerType == "mdir"
    }

    /// What is left of a matched box once `items` are out of it, nil when nothing is: a `©xxx`
    /// item keeps its other language records, an `ilst` item its other `data` atoms.
    private func remainder(of box: Box, without items: [MetadataItem], parent: FourCC) throws(BoxError) -> Box? {
        if parent == "udta", box.type.isCopyrightSymbolItem {
            var text = try UserDataTextItems.decode(box, limits: limits)
            guard let parts = Self.parts(count: text.records.count, standingFor: items,
                                         sameValue: { text.records[$0].text == $1.value.textValue },
                                         sameLanguage: { Self.language(text.records[$0].language, is: $1.language) }) else { return nil }
            text.records = text.records.indices.filter { !parts.contains($0) }.map { text.records[$0] }
            guard !text.records.isEmpty else { return nil }
            var rest = try box.loaded(limits: limits)
            rest.setPayload(text)
            return rest
        }
        guard parent == "ilst", box.isContainer else { return nil }
        let atoms = box.children.indices.filter { box.children[$0].type == "data" }
        let decoded = atoms.map { (try? MetadataDataBox(box.children[$0].loaded(limits: limits))) ?? nil }
        guard let parts = Self.parts(count: atoms.count, standingFor: items,
                                     sameValue: { decoded[$0]?.decodedValue == $1.value },
                                     sameLanguage: { index, item in decoded[index].map { Self.locale($0, is: item) } ?? false }) else { return nil }
        let removed = Set(parts.map { atoms[$0] })
        var rest = box
        rest.setChildren(box.children.indices.filter { !removed.contains($0) }.map { box.children[$0] })
        return rest.hasNoMetadataLeft ? nil : rest
    }

    /// The parts (records, atoms) the items stand for: for each item, a part not yet taken that
    /// has its value and language, else its value, else its language. Nil when some item
    /// matches no part: then the whole box goes, as the filter asked for what it holds.
    private static func parts(count: Int, standingFor items: [MetadataItem], sameValue: (Int, MetadataItem) -> Bool,
                              sameLanguage: (Int, MetadataItem) -> Bool) -> Set<Int>? {
        var taken: Set<Int> = []
        for item in items {
            let free = (0..<count).filter { !taken.contains($0) }
            guard let part = free.first(where: { sameValue($0, item) && sameLanguage($0, item) })
                    ?? free.first(where: { sameValue($0, item) }) ?? free.first(where: { sameLanguage($0, item) }) else { return nil }
            taken.insert(part)
        }
        return taken
    }

    private static func language(_ record: MediaLanguage, is language: String?) -> Bool {
        guard let language else { return record.isUndetermined || record.isMacintosh }
        return record.iso639Code == ((try? LanguageTag(parsing: language))?.iso639Code ?? language)
    }

    private static func locale(_ atom: MetadataDataBox, is item: MetadataItem) -> Bool {
        atom.languageCode == item.language.map { (try? LanguageTag(parsing: $0))?.iso639Code ?? $0 } && atom.countryCode == item.country
    }
}

extension MetadataValue {
    /// The text of a text value, nil for other kinds.
    var textValue: String? {
        if case let .text(text) = self { return text }
        return nil
    }
}
