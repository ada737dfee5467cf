import ISOBMFF

/// One level of a movie that holds static metadata — `moov`, a `trak` or a track's `mdia` — and
/// its carriers there: QuickTime metadata `meta` boxes (in the level itself, as Apple writes
/// them, or in its `udta`, as ffmpeg does), the iTunes `meta` in `udta`, and `udta` items.
struct MetadataHolder {
    var box: Box
    var limits: Limits

    // MARK: QuickTime metadata

    func hasQuickTimeMetadata(_ key: String) throws(BoxError) -> Bool {
        for meta in metas("mdta") where try QuickTimeMetadataList(meta: meta, limits: limits).contains(key) { return true }
        return false
    }

    /// Sets the value in the first `mdta` list holding the key, else in the first list, else in a
    /// new `meta` at the end of the level.
    mutating func setQuickTimeMetadata(_ key: String, locale: MetadataLocale, to value: MetadataDataBox) throws(BoxError) {
        let limits = limits
        var done = false
        for pass in 0..<2 where !done {
            _ = try visitMetas("mdta") { (meta: inout Box) throws(BoxError) in
                var list = QuickTimeMetadataList(meta: meta, limits: limits)
                let holdsKey = try list.contains(key)
                guard !done, pass == 1 || holdsKey else { return false }
                try list.set(key, locale: locale, to: value)
                meta = list.meta
                done = true
                return true
            }
        }
        guard !done else { return }
        var list = QuickTimeMetadataList(meta: QuickTimeMetadataList.makeMeta(), limits: limits)
        try list.set(key, locale: locale, to: value)
        try box.editChildren { $0.append(list.meta) }
    }

    mutating func removeQuickTimeMetadata(_ key: String, locale: MetadataLocale?) throws(BoxError) -> Bool {
        let limits = limits
        return try visitMetas("mdta") { (meta: inout Box) throws(BoxError) in
            var list = QuickTimeMetadataList(meta: meta, limits: limits)
            guard try list.remove(key, locale: locale) else { return false }
            meta = list.meta
            return true
        }
    }

    // MARK: iTunes

    func hasITunesItem(_ key: ITunesMetadataList.Key) -> Bool {
        metas("mdir").contains { ITunesMetadataList(meta: $0, limits: limits).contains(key) }
    }

    /// Sets the item in the first iTunes list holding it, else in the first list, else in a new
    /// `udta/meta`.
    mutating func setITunesItem(_ key: ITunesMetadataList.Key, to value: MetadataDataBox) throws(BoxError) {
        let limits = limits
        var done = false
        for pass in 0..<2 where !done {
            _ = try visitMetas("mdir") { (meta: inout Box) throws(BoxError) in
                var list = ITunesMetadataList(meta: meta, limits: limits)
                let holdsKey = list.contains(key)
                guard !done, pass == 1 || holdsKey else { return false }
                try list.set(key, to: value)
                meta = list.meta
                done = true
                return true
            }
        }
        guard !done else { return }
        var list = ITunesMetadataList(meta: ITunesMetadataList.makeMeta(), limits: limits)
        try list.set(key, to: value)
        try editUserData { $0.append(list.meta) }
    }

    mutating func removeITunesItem(_ key: ITunesMetadataList.Key, locale: MetadataLocale?) throws(BoxError) -> Bool {
        let limits = limits
        return try visitMetas("mdir") { (meta: inout Box) throws(BoxError) in
            var list = ITunesMetadataList(meta: meta, limits: limits)
            guard try list.remove(key, locale: locale) else { return false }
            meta = list.meta
            return true
        }
    }

    // MARK: User data

    func hasUserDataItem(_ type: FourCC) -> Bool {
        box.children("udta").contains { $0.isContainer && $0.child(type) != nil }
    }

    mutating func setUserDataText(_ type: FourCC, locale: MetadataLocale, to text: String) throws(BoxError) {
        let limits = limits
        try editUserData { (children: inout [Box]) throws(BoxError) in
            var items = UserDataTextItems(userData: .container("udta", children), limits: limits)
            try items.set(type, locale: locale, to: text)
            children = items.userData.children
        }
    }

    /// Removes `udta` items of `type`: text records of `locale` for `©xxx` items, whole items
    /// otherwise (or when `locale` is nil).
    mutating func removeUserDataItem(_ type: FourCC, locale: MetadataLocale?) throws(BoxError) -> Bool {
        let limits = limits
        var removed = false
        try box.editChildren { (children: inout [Box]) throws(BoxError) in
            for position in children.indices.reversed() where children[position].type == "udta" && children[position].isContainer {
                var items = UserDataTextItems(userData: children[position], limits: limits)
                guard try items.remove(type, locale: type.isCopyrightSymbolItem ? locale : nil) else { continue }
                removed = true
                children[position] = items.userData
                if children[position].hasNoMetadataLeft { children.remove(at: position) }
            }
        }
        return removed
    }

    // MARK: Boxes

    /// The `meta` boxes with `handler`, in the level and in its `udta`.
    private func metas(_ handler: FourCC) -> [Box] {
        (box.children + box.children("udta").flatMap(\.children)).filter { $0.metaHandlerType == handler }
    }

    /// Visits the `meta` boxes with `handler` in order; `visit` says whether it changed one. A
    /// changed `meta` left without items goes, and so does a `udta` that leaves empty.
    private mutating func visitMetas(_ handler: FourCC, _ visit: (inout Box) throws(BoxError) -> Bool) throws(BoxError) -> Bool {
        var changed = false
        func visitList(_ list: inout [Box]) throws(BoxError) {
            var emptied: [Int] = []
            for position in list.indices where list[position].metaHandlerType == handler {
                let hadList = list[position].child("ilst") != nil
                guard try visit(&list[position]) else { continue }
                changed = true
                if hadList, list[position].hasNoMetadataLeft { emptied.append(position) }
            }
            for position in emptied.reversed() { list.remove(at: position) }
        }
        try box.editChildren { (children: inout [Box]) throws(BoxError) in
            try visitList(&children)
            for position in children.indices.reversed() where children[position].type == "udta" && children[position].isContainer {
                let before = children[position].children.count
                try children[position].editChildren(visitList)
                if children[position].children.count < before, children[position].hasNoMetadataLeft { children.remove(at: position) }
            }
        }
        return changed
    }

    /// Edits the children of the level's first `udta`, creating it at the end of the level.
    private mutating func editUserData(_ change: (inout [Box]) throws(BoxError) -> Void) throws(BoxError) {
        try box.editChildren { (children: inout [Box]) throws(BoxError) in
            guard let position = children.firstIndex(where: { $0.type == "udta" }) else {
                var items: [Box] = []
                try change(&items)
                children.append(.container("udta", items))
                return
            }
            guard children[position].isContainer else {
                throw BoxError(.unsupported("the user data box does not hold items"), at: children[position].location)
            }
            try children[position].editChildren(change)
        }
    }
}
