import ISOBMFF

/// What the metadata editor needs to know of boxes without decoding more than a few bytes, and
/// how it edits child lists: every box it does not change keeps its bytes.
extension Box {
    /// The handler type of a `meta` box (`mdta`, `mdir`), from its `hdlr`.
    var metaHandlerType: FourCC? {
        guard type == "meta", isContainer, let handler = child("hdlr"),
              var reader = try? handler.payloadPrefixReader(12), (try? reader.skip(8)) != nil else { return nil }
        return try? reader.readFourCC()
    }

    /// The locale of a `data` atom (country then language, QTFF "Value atom"), read from its
    /// first bytes so cover art left in the file is not loaded.
    var dataAtomLocale: MetadataLocale? {
        guard type == "data", var reader = try? payloadPrefixReader(8), (try? reader.skip(4)) != nil,
              let country = try? reader.readUInt16(), let language = try? reader.readUInt16() else { return nil }
        return MetadataLocale(language: language, country: country)
    }

    /// The BCP 47 tag of a QuickTime metadata item's metadata locale atom (`loca`), nil when the
    /// item has none (its `data` atoms' locales say all there is).
    var itemLocaleTag: String? {
        guard isContainer, let atom = child(MetadataLocaleAtom.type), var reader = try? atom.payloadPrefixReader(256) else { return nil }
        return MetadataLocaleAtom.tag(from: &reader)
    }

    /// Edits the children of a container through a copy of the list.
    mutating func editChildren(_ change: (inout [Box]) throws(BoxError) -> Void) throws(BoxError) {
        var list = children
        try change(&list)
        setChildren(list)
    }

    /// Edits the `ilst` children of this `meta`, creating the list when an edit adds the first
    /// item and removing it when an edit empties it. `kind` names the list in errors.
    mutating func editItemList(kind: String, _ change: (inout [Box]) throws(BoxError) -> Void) throws(BoxError) {
        try editChildren { (children: inout [Box]) throws(BoxError) in
            guard let position = children.firstIndex(where: { $0.type == "ilst" }) else {
                var items: [Box] = []
                try change(&items)
                if !items.isEmpty { children.append(.container("ilst", items)) }
                return
            }
            guard children[position].isContainer else {
                throw BoxError(.unsupported("the \(kind) is not a list of items"), at: children[position].location)
            }
            let before = children[position].children.count
            try children[position].editChildren(change)
            if children[position].children.count < before, children[position].hasNoMetadataLeft { children.remove(at: position) }
        }
    }

    /// Whether a box's bytes contain `offset` (boxes made in memory have no location).
    func spans(_ offset: UInt64) -> Bool {
        guard let start = location?.offset else { return false }
        return start <= offset && offset < start + totalSize
    }

    /// Whether an edit left this metadata container without content, so it goes: an empty
    /// `udta` or `ilst`, a `meta` without its `ilst`, an `ilst` item without `data`. Only boxes an
    /// edit changed are asked; one that was empty before stays.
    var hasNoMetadataLeft: Bool {
        switch type {
        case "udta", "ilst": children.isEmpty
        case "meta": child("ilst") == nil
        default: child("data") == nil
        }
    }

    /// A container as a new box: a plain one, or a FullBox with version and flags 0.
    static func container(_ type: FourCC, fullBox: Bool = false, _ children: [Box]) -> Box {
        Box(type: type, prefix: fullBox ? [0, 0, 0, 0] : [], children: children)
    }
}
