import ISOBMFF

/// Edits one QuickTime metadata `meta` (handler `mdta`): its `keys` table and the `ilst` items
/// that name a key by its 1-based index (QTFF "Metadata item keys atom", "Metadata item list
/// atom"). Items of other keys keep their bytes; only the item types above a removed key change,
/// as every index above it moves down by one.
struct QuickTimeMetadataList {
    var meta: Box
    var limits: Limits = .standard

    /// A new, empty `meta` as Apple writes it (QTFF "Metadata atom": no version and flags, which
    /// ExifTool also omits), with handler `mdta`. The handler name is one zero byte: an empty
    /// Pascal string for QuickTime readers and an empty C string for ISO ones.
    static func makeMeta() -> Box {
        var handler = HandlerBox(handlerType: "mdta", name: "")
        handler.nameForm = .nullTerminated
        return .container("meta", [handler.makeBox(), MetadataKeysBox(entries: []).makeBox(), .container("ilst", [])])
    }

    /// The 1-based index of `key` in `keys`, nil when absent.
    func index(of key: String) throws(BoxError) -> UInt32? {
        try keyTable().entries.firstIndex { $0.namespace == "mdta" && $0.value == Array(key.utf8) }.map { UInt32($0 + 1) }
    }

    /// Whether some item holds `key`.
    func contains(_ key: String) throws(BoxError) -> Bool {
        guard let index = try index(of: key) else { return false }
        return meta.child("ilst")?.children.contains { $0.type.rawValue == index } ?? false
    }

    /// Sets the value of `key` for `locale`: the `data` atom of that locale is replaced, or one is
    /// added: the neutral value first (ffmpeg 5.1 reads only an item's first atom), localized
    /// ones after it. A locale with a full tag (``MetadataLocale/tag``) gets an item of its own,
    /// its `data` atom then a metadata locale atom (`loca`, QTFF), placed before the key's item
    /// of plain values so that readers that keep one value per key (ffmpeg keeps the last item)
    /// still show the plain value.
    mutating func set(_ key: String, locale: MetadataLocale, to value: MetadataDataBox) throws(BoxError) {
        var value = value
        value.country = locale.country
        value.language = locale.language
        var table = try keyTable()
        let index: UInt32
        if let existing = try self.index(of: key) {
            index = existing
        } else {
            table.entries.append(MetadataKeysBox.Entry(namespace: "mdta", key: key))
            index = UInt32(table.entries.count)
            try setKeyTable(table)
        }
        if let tag = locale.tag {
            let item = Box.container(FourCC(rawValue: index), [value.makeBox(), MetadataLocaleAtom.makeBox(tag)])
            try editList { items in
                if let position = items.firstIndex(where: { $0.type.rawValue == index && $0.itemLocaleTag == tag }) {
                    items[position] = item
                } else {
                    items.insert(item, at: items.firstIndex { $0.type.rawValue == index && $0.itemLocaleTag == nil } ?? items.endIndex)
                }
            }
            return
        }
        try editList { (items: inout [Box]) throws(BoxError) in
            guard let position = items.firstIndex(where: { $0.type.rawValue == index && $0.itemLocaleTag == nil }) else {
                items.append(.container(FourCC(rawValue: index), [value.makeBox()]))
                return
            }
            guard items[position].isContainer else {
                throw BoxError(.unsupported("metadata item \(index) is not a list of data atoms"), at: items[position].location)
            }
            try items[position].editChildren { (atoms: inout [Box]) throws(BoxError) in
                if let atom = atoms.firstIndex(where: { $0.dataAtomLocale == locale }) {
                    atoms[atom] = value.makeBox()
                } else if locale.isNeutral {
                    atoms.insert(value.makeBox(), at: atoms.firstIndex { $0.type == "data" } ?? atoms.endIndex)
                } else {
                    atoms.append(value.makeBox())
                }
            }
        }
    }

    /// Removes the `data` atoms of `key` for `locale` (every locale when nil); a key left with
    /// no item goes. A locale with a full tag removes the item with that `loca`; one without
    /// leaves such items alone. Returns whether anything was removed.
    mutating func remove(_ key: String, locale: MetadataLocale?) throws(BoxError) -> Bool {
        guard let index = try index(of: key) else { return false }
        var removed = false
        try editList { items in
            for position in items.indices.reversed() where items[position].type.rawValue == index && items[position].isContainer {
                let itemTag = items[position].itemLocaleTag
                if let locale, itemTag != locale.tag { continue }
                let before = items[position].children.count
                items[position].setChildren(items[position].children.filter { atom in
                    atom.type != "data" || (locale.map { $0.tag == nil && atom.dataAtomLocale != $0 } ?? false)
                })
                guard items[position].children.count != before else { continue }
                removed = true
                if items[position].hasNoMetadataLeft { items.remove(at: position) }
            }
        }
        if removed { try dropKeysWithoutItems(among: [index]) }
        return removed
    }

    /// The key indices the items use.
    var usedIndices: Set<UInt32> { Set(meta.child("ilst")?.children.map(\.type.rawValue) ?? []) }

    /// Removes the keys among `candidates` that no item uses any more and renumbers the items
    /// above each (indices are positions in `keys`, QTFF).
    mutating func dropKeysWithoutItems(among candidates: Set<UInt32>) throws(BoxError) {
        let unused = candidates.subtracting(usedIndices).sorted()
        guard !unused.isEmpty else { return }
        var table = try keyTable()
        for index in unused.reversed() where index >= 1 && Int(index) <= table.entries.count {
            table.entries.remove(at: Int(index) - 1)
        }
        try setKeyTable(table)
        try editList { items in
            for position in items.indices {
                let index = items[position].type.rawValue
                let below = unused.count(where: { $0 < index })
                if below > 0 { items[position].header.type = FourCC(rawValue: index - UInt32(below)) }
            }
        }
    }

    private func keyTable() throws(BoxError) -> MetadataKeysBox {
        guard let keys = meta.child("keys") else { return MetadataKeysBox(entries: []) }
        return try MetadataKeysBox(keys.loaded(limits: limits))
    }

    /// Writes `table` as the key table. A table Legible rewrites ends with its entries: bytes
    /// after them, which no reader reads and which may be what a writer left of a removed key,
    /// are not carried over.
    private mutating func setKeyTable(_ table: MetadataKeysBox) throws(BoxError) {
        var table = table
        table.trailing = []
        try meta.editChildren { children in
            if let position = children.firstIndex(where: { $0.type == "keys" }) {
                children[position].setPayload(table)
            } else {
                let afterHandler = children.firstIndex { $0.type == "hdlr" }.map { $0 + 1 } ?? 0
                children.insert(table.makeBox(), at: afterHandler)
            }
        }
    }

    private mutating func editList(_ change: (inout [Box]) throws(BoxError) -> Void) throws(BoxError) {
        try meta.editItemList(kind: "metadata item list", change)
    }
}
