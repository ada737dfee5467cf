import ISOBMFF

/// Edits one iTunes metadata `meta` (handler `mdir`, in `udta`): `ilst` items named by a
/// four-character type, or freeform `----` items named by their `mean` and `name` atoms. Items
/// hold `data` atoms whose locale iTunes does not use, so values here have no language.
struct ITunesMetadataList {
    /// How an item is named.
    enum Key: Hashable {
        case item(FourCC)
        /// A `----` item: `mean` (the owner, `com.apple.iTunes`) and `name`.
        case freeform(mean: String, name: String)

        /// `©nam` for `itsk`; `mean.name` (split at the last dot) for `itlk`.
        init?(_ identifier: MetadataIdentifier) {
            switch identifier.keySpace {
            case .iTunes:
                guard let type = FourCC(identifier.key) else { return nil }
                self = .item(type)
            case .iTunesLong:
                guard let dot = identifier.key.lastIndex(of: "."), dot != identifier.key.startIndex,
                      identifier.key.index(after: dot) != identifier.key.endIndex else { return nil }
                self = .freeform(mean: String(identifier.key[..<dot]), name: String(identifier.key[identifier.key.index(after: dot)...]))
            default:
                return nil
            }
        }
    }

    var meta: Box
    var limits: Limits = .standard

    /// A new `meta` as iTunes and ffmpeg write it: a FullBox, handler `mdir` with manufacturer
    /// `appl`, and an `ilst`.
    static func makeMeta() -> Box {
        var handler = HandlerBox(handlerType: "mdir", name: "")
        handler.reserved = FourCC("appl").bytes + [UInt8](repeating: 0, count: 8)
        return .container("meta", fullBox: true, [handler.makeBox(), .container("ilst", [])])
    }

    /// Whether an item of `key` exists.
    func contains(_ key: Key) -> Bool {
        meta.child("ilst")?.children.contains { Self.item($0, is: key, limits: limits) } ?? false
    }

    /// Sets `key` to one `data` atom, replacing the item's values (and keeping its other atoms).
    mutating func set(_ key: Key, to value: MetadataDataBox) throws(BoxError) {
        let limits = limits
        try editList { (items: inout [Box]) throws(BoxError) in
            guard let position = items.firstIndex(where: { Self.item($0, is: key, limits: limits) }) else {
                items.append(Self.makeItem(key, value))
                return
            }
            guard items[position].isContainer else {
                throw BoxError(.unsupported("iTunes item '\(items[position].type)' is not a list of data atoms"), at: items[position].location)
            }
            try items[position].editChildren { atoms in
                let first = atoms.firstIndex { $0.type == "data" } ?? atoms.endIndex
                atoms.removeAll { $0.type == "data" }
                atoms.insert(value.makeBox(), at: min(first, atoms.endIndex))
            }
        }
    }

    /// Removes the items of `key` (or only their `data` atoms of `locale`). Returns whether
    /// anything was removed.
    mutating func remove(_ key: Key, locale: MetadataLocale?) throws(BoxError) -> Bool {
        let limits = limits
        var removed = false
        try editList { items in
            for position in items.indices.reversed() where Self.item(items[position], is: key, limits: limits) {
                guard let locale, items[position].isContainer else {
                    items.remove(at: position)
                    removed = true
                    continue
                }
                let before = items[position].children.count
                items[position].setChildren(items[position].children.filter { $0.type != "data" || $0.dataAtomLocale != locale })
                guard items[position].children.count < before else { continue }
                removed = true
                if items[position].hasNoMetadataLeft { items.remove(at: position) }
            }
        }
        return removed
    }

    static func item(_ box: Box, is key: Key, limits: Limits) -> Bool {
        switch key {
        case let .item(type):
            return box.type == type
        case let .freeform(mean, name):
            return box.type == "----" && fullBoxText(box.child("mean"), limits) == mean && fullBoxText(box.child("name"), limits) == name
        }
    }

    private static func makeItem(_ key: Key, _ value: MetadataDataBox) -> Box {
        switch key {
        case let .item(type):
            return .container(type, [value.makeBox()])
        case let .freeform(mean, name):
            return .container("----", [Box(type: "mean", payload: [0, 0, 0, 0] + Array(mean.utf8)),
                                       Box(type: "name", payload: [0, 0, 0, 0] + Array(name.utf8)), value.makeBox()])
        }
    }

    /// The text of a `mean` or `name` atom (a FullBox, then UTF-8).
    private static func fullBoxText(_ box: Box?, _ limits: Limits) -> String? {
        guard let bytes = (try? box?.loaded(limits: limits))??.data, bytes.count >= 4 else { return nil }
        return String(decoding: bytes.dropFirst(4), as: UTF8.self)
    }

    private mutating func editList(_ change: (inout [Box]) throws(BoxError) -> Void) throws(BoxError) {
        try meta.editItemList(kind: "iTunes item list", change)
    }

    /// The `data` atom for a value of `key`: the type iTunes gives the item (text 1, cover art
    /// by format, `trkn`/`disk` binary type 0, flags and counts type 21 at their fixed width),
    /// unless `type` says otherwise.
    static func dataBox(for key: Key, value: MetadataValue, type: MetadataDataType?) -> MetadataDataBox {
        let number: UInt64? = switch value {
        case let .integer(number): UInt64(bitPattern: number)
        case let .unsignedInteger(number): number
        default: nil
        }
        // A number given as a plain integer takes the item's own layout.
        if case let .item(item) = key, let number, type == nil || type == .signedInteger {
            if let width = integerWidths[item] {
                return MetadataDataBox(dataType: .signedInteger, value: MetadataValue.bigEndian(number, width: width))
            }
            if item == "trkn" || item == "disk" {
                // Number then total (0 = unknown): `0000 NNNN TTTT [0000]`.
                let bytes = [0, 0] + MetadataValue.bigEndian(number, width: 2) + [0, 0] + (item == "trkn" ? [0, 0] : [])
                return MetadataDataBox(dataType: .reserved, value: bytes)
            }
        }
        let type = type ?? value.defaultDataType
        return MetadataDataBox(dataType: type, value: value.encoded(as: type))
    }

    /// Integer items and their width in bytes.
    static let integerWidths: [FourCC: Int] = [
        "tmpo": 2, "cpil": 1, "pgap": 1, "hdvd": 1, "stik": 1, "rtng": 1, "tvsn": 4, "tves": 4, "shwm": 1,
    ]
}
