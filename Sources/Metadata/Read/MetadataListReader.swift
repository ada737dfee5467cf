import ISOBMFF

/// Reads a `meta` box's item list: QuickTime metadata (handler `mdta`: `keys` names each `ilst`
/// item by its 1-based index; QTFF "Metadata") or an iTunes list (handler `mdir`: items named
/// by four-character codes, or `----` with `mean` and `name`). Each `data` atom of an item is
/// one item (one per locale).
enum MetadataListReader {
    /// Reads `meta`. One of another handler, or whose list cannot be read, gives no items
    /// (in `udta`, ``UserDataReader`` then reports the `meta` whole).
    static func read(_ meta: Box, scope: MetadataScope, limits: Limits, into reading: inout MetadataReading) {
        var handler: FourCC?
        if let hdlr = meta.child("hdlr") {
            do throws(BoxError) {
                handler = try HandlerBox(hdlr.loaded(limits: limits)).handlerType
            } catch {
                reading.warnings.append(error)
            }
        }
        guard handler == "mdta" || handler == "mdir" else { return }
        let list = meta.child("ilst")
        guard meta.isContainer, let list, list.isContainer else {
            if list != nil || !meta.isContainer {
                reading.warnings.append(BoxError(.invalidValue("metadata item list is not a list of boxes"), at: (list ?? meta).itemLocation))
            }
            return
        }
        if handler == "mdir" {
            readITunesList(list, scope: scope, limits: limits, into: &reading)
        } else {
            readQuickTimeList(list, keys: meta.child("keys"), scope: scope, limits: limits, into: &reading)
        }
    }

    /// Reads the items named by `keys`; without a readable key table they cannot be named.
    private static func readQuickTimeList(_ list: Box, keys: Box?, scope: MetadataScope, limits: Limits,
                                          into reading: inout MetadataReading) {
        let entries: [MetadataKeysBox.Entry]
        do throws(BoxError) {
            guard let keys else { throw BoxError(.missingBox("mdta metadata has no keys box"), at: list.itemLocation) }
            entries = try MetadataKeysBox(keys.loaded(limits: limits)).entries
        } catch {
            reading.warnings.append(error)
            return
        }
        for item in list.children {
            reading.collect { () throws(BoxError) in
                let index = item.type.rawValue
                guard index >= 1, index <= entries.count else {
                    throw BoxError(.invalidValue("item names key \(index) but keys has \(entries.count) entries"), at: item.itemLocation)
                }
                let entry = entries[Int(index) - 1]
                // A `udta`-namespace key is a four-character code in the user-data key space.
                let space: MetadataKeySpace = entry.namespace == "udta" ? .quickTimeUserData : .quickTimeMetadata
                return try values(of: item, identifier: MetadataIdentifier(space, entry.key), keyIndex: index,
                                  scope: scope, limits: limits)
            }
        }
    }

    private static func readITunesList(_ list: Box, scope: MetadataScope, limits: Limits, into reading: inout MetadataReading) {
        for item in list.children {
            reading.collect({ () throws(BoxError) in
                let identifier = item.type == "----"
                    ? MetadataIdentifier(.iTunesLong, try freeformKey(item, limits: limits))
                    : MetadataIdentifier(.iTunes, item.type.description)
                return try values(of: item, identifier: identifier, keyIndex: nil, scope: scope, limits: limits)
            }, orElse: { UserDataReader.bytesItem(item, space: .iTunes, scope: scope, limits: limits) })
        }
    }

    /// A freeform item's key, `mean.name` (`com.apple.iTunes.iTunSMPB`) as AVFoundation forms it;
    /// `mean` and `name` are FullBoxes holding the string.
    private static func freeformKey(_ item: Box, limits: Limits) throws(BoxError) -> String {
        func string(_ type: FourCC) throws(BoxError) -> String {
            guard let box = item.child(type) else {
                throw BoxError(.missingBox("freeform item has no '\(type)' box"), at: item.itemLocation)
            }
            var reader = try box.loaded(limits: limits).payloadReader()
            _ = try reader.readVersionAndFlags()
            return reader.readNullTerminatedString()
        }
        return "\(try string("mean")).\(try string("name"))"
    }

    /// One item per `data` atom of an `ilst` item. A metadata locale atom (`loca`) in the item
    /// gives the full language tag, which the `data` atom's packed code may not say (`zh-Hans`).
    private static func values(of item: Box, identifier: MetadataIdentifier, keyIndex: UInt32?, scope: MetadataScope,
                               limits: Limits) throws(BoxError) -> [MetadataItem] {
        let atoms = item.children("data")
        guard item.isContainer, !atoms.isEmpty else {
            throw BoxError(.missingBox("item '\(identifier)' has no data atom"), at: item.itemLocation)
        }
        var items: [MetadataItem] = []
        let localeTag = item.itemLocaleTag
        for atom in atoms {
            let data = try MetadataDataBox(atom.loaded(limits: limits))
            // A type set other than 0 is reserved (QTFF "Type indicator"): its code names no
            // well-known type, and the value stays bytes.
            items.append(MetadataItem(identifier: identifier, value: data.decodedValue, dataType: data.typeSet == 0 ? data.dataType : nil,
                                      language: localeTag ?? data.languageCode, country: data.countryCode, scope: scope,
                                      origin: item.origin(keyIndex: keyIndex)))
        }
        return items
    }
}
