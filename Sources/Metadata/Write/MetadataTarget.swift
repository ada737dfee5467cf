import ISOBMFF

/// One carrier's key for a change: what ``MetadataEditor`` writes or removes at a level.
enum MetadataTarget: Hashable {
    case quickTimeMetadata(String)
    case iTunes(ITunesMetadataList.Key)
    /// A QuickTime user-data item (`©xxx` text, or any other type for removal).
    case userData(FourCC)
    /// A 3GPP user-data item (`titl`, `loci`, …), removable only.
    case isoUserData(FourCC)

    init(_ identifier: MetadataIdentifier) throws(BoxError) {
        let invalid = BoxError(.unwritableMetadata("'\(identifier)' is not a key of its key space"), at: nil)
        switch identifier.keySpace {
        case .quickTimeMetadata:
            self = .quickTimeMetadata(identifier.key)
        case .iTunes, .iTunesLong:
            guard let key = ITunesMetadataList.Key(identifier) else { throw invalid }
            self = .iTunes(key)
        case .quickTimeUserData:
            guard let type = FourCC(identifier.key) else { throw invalid }
            self = .userData(type)
        case .isoUserData:
            guard let type = FourCC(identifier.key) else { throw invalid }
            self = .isoUserData(type)
        }
    }

    /// The targets of a change's key and whether the key named one carrier explicitly (an
    /// identifier) rather than by common name.
    static func resolve(_ key: String) throws(BoxError) -> (targets: [MetadataTarget], explicit: Bool) {
        if let identifier = MetadataIdentifier(parsing: key) { return ([try MetadataTarget(identifier)], true) }
        guard let common = MetadataCommonKey.named(key) else {
            throw BoxError(.unwritableMetadata("unknown metadata key '\(key)': give a common name ("
                                         + MetadataCommonKey.all.map(\.name).joined(separator: ", ")
                                         + ") or an identifier such as mdta/com.apple.quicktime.title, itsk/©nam or udta/©nam"), at: nil)
        }
        var targets: [MetadataTarget] = []
        for identifier in common.identifiers { targets.append(try MetadataTarget(identifier)) }
        return (targets, false)
    }

    var keySpace: MetadataKeySpace {
        switch self {
        case .quickTimeMetadata: .quickTimeMetadata
        case .iTunes: .iTunes
        case .userData: .quickTimeUserData
        case .isoUserData: .isoUserData
        }
    }

    var isITunes: Bool { keySpace == .iTunes }

    /// Throws when the carrier cannot hold `value` in `locale`.
    func checkCanHold(_ value: MetadataValue, locale: MetadataLocale) throws(BoxError) {
        switch self {
        case .quickTimeMetadata:
            return
        case .iTunes:
            guard locale.isNeutral else {
                throw BoxError(.unwritableMetadata("iTunes items have no language; use an mdta/ or udta/ identifier (or a common name) for a localized value"), at: nil)
            }
        case let .userData(type):
            guard type.isCopyrightSymbolItem, case .text = value else {
                throw BoxError(.unwritableMetadata("udta/\(type) cannot be written: only ©xxx text items are (a \(value.kindDescription) value was given)"), at: nil)
            }
        case let .isoUserData(type):
            throw BoxError(.unsupported("3GPP user data (uiso/\(type)) can be removed but not written; use a common name or an mdta/ identifier"), at: nil)
        }
    }

    func exists(in holder: MetadataHolder) throws(BoxError) -> Bool {
        switch self {
        case let .quickTimeMetadata(key): try holder.hasQuickTimeMetadata(key)
        case let .iTunes(key): holder.hasITunesItem(key)
        case let .userData(type), let .isoUserData(type): holder.hasUserDataItem(type)
        }
    }

    func set(_ value: MetadataValue, type: MetadataDataType?, locale: MetadataLocale, in holder: inout MetadataHolder) throws(BoxError) {
        switch self {
        case let .quickTimeMetadata(key):
            let dataType = type ?? value.defaultDataType
            try holder.setQuickTimeMetadata(key, locale: locale, to: MetadataDataBox(dataType: dataType, value: value.encoded(as: dataType)))
        case let .iTunes(key):
            try holder.setITunesItem(key, to: ITunesMetadataList.dataBox(for: key, value: value, type: type))
        case let .userData(itemType):
            guard case let .text(text) = value else { return try checkCanHold(value, locale: locale) }
            try holder.setUserDataText(itemType, locale: locale, to: text)
        case .isoUserData:
            try checkCanHold(value, locale: locale)
        }
    }

    /// Removes the item (only `locale`'s values when given); returns whether anything went.
    func remove(from holder: inout MetadataHolder, locale: MetadataLocale?) throws(BoxError) -> Bool {
        switch self {
        case let .quickTimeMetadata(key): try holder.removeQuickTimeMetadata(key, locale: locale)
        case let .iTunes(key): try holder.removeITunesItem(key, locale: locale)
        case let .userData(type), let .isoUserData(type): try holder.removeUserDataItem(type, locale: locale)
        }
    }
}
