import ISOBMFF

/// Writes static metadata into a movie's box tree: sets and removes items in QuickTime metadata
/// (`mdta`), iTunes lists and QuickTime user data, at movie, track or media level. Every box
/// the edit does not concern keeps its bytes, and the tree stays writable.
public struct MetadataEditor: Sendable {
    /// The bounds the editor reads within.
    public var limits: Limits

    /// Creates an editor that reads within `limits`.
    public init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// `moov` with `changes` applied in order.
    ///
    /// An item that exists at the change's scope is changed in every carrier that has it (for
    /// the change's language; other languages keep their values). A new item goes to the carrier
    /// `brand` prefers, unless it cannot hold it: iTunes lists have neither languages nor track
    /// scope, so a localized or track-level value goes to QuickTime metadata (QTFF "Metadata"),
    /// which ffmpeg and ExifTool read in MPEG-4 files too.
    ///
    /// A value whose language tag says more than an ISO 639-2/T code and a country (`zh-Hans`)
    /// goes to QuickTime metadata with a metadata locale atom, which keeps it apart from values
    /// of other scripts. QuickTime user data cannot: two values of one `©xxx` item whose tags
    /// become the same code are refused, naming both tags.
    public func applying(_ changes: [MetadataChange], to moov: Box, brand: MetadataCarrierPreference) throws(BoxError) -> Box {
        var moov = moov
        var userDataRecords = UserDataRecordClaims()
        for change in changes {
            let locale = try MetadataLocale(change.language)
            let (targets, explicit) = try MetadataTarget.resolve(change.key)
            try moov.editMetadataHolder(at: change.scope, limits: limits) { (holder: inout MetadataHolder) throws(BoxError) in
                switch change.action {
                case .remove:
                    for target in targets { _ = try target.remove(from: &holder, locale: change.language == nil ? nil : locale) }
                case let .set(value, type):
                    let chosen = try explicit
                        ? targets.map { (target: MetadataTarget) throws(BoxError) in try target.checkCanHold(value, locale: locale); return target }
                        : Self.carriers(for: targets, value: value, locale: locale, scope: change.scope, holder: holder, brand: brand)
                    guard !chosen.isEmpty else {
                        throw BoxError(.unwritableMetadata("no metadata carrier can hold '\(change.key)'" + (change.language.map { " in language \($0)" } ?? "")
                                                     + " at \(change.scope) with a \(value.kindDescription) value"), at: nil)
                    }
                    for target in chosen {
                        try userDataRecords.claim(target, locale: locale, change: change)
                        try target.set(value, type: type, locale: locale, in: &holder)
                    }
                }
            }
        }
        return moov
    }

    /// The carriers a common-name change writes: those that already hold the item, else the
    /// first that can, in `brand`'s order.
    private static func carriers(for targets: [MetadataTarget], value: MetadataValue, locale: MetadataLocale, scope: MetadataScope,
                                 holder: MetadataHolder, brand: MetadataCarrierPreference) throws(BoxError) -> [MetadataTarget] {
        let usable = targets.filter { target in
            (try? target.checkCanHold(value, locale: locale)) != nil && (scope == .movie || !target.isITunes)
                && (locale.tag == nil || target.keySpace != .quickTimeUserData)
        }
        var existing: [MetadataTarget] = []
        for target in usable where try target.exists(in: holder) { existing.append(target) }
        if !existing.isEmpty { return existing }
        let order: [MetadataKeySpace] = brand == .iTunes ? [.iTunes, .quickTimeMetadata, .quickTimeUserData]
            : [.quickTimeMetadata, .quickTimeUserData, .iTunes]
        for space in order {
            if let target = usable.first(where: { $0.keySpace == space }) { return [target] }
        }
        return []
    }
}

/// The `©xxx` records one edit sets, by the language code they are stored under, so that two
/// tags that user data cannot tell apart (`zh-Hans`, `zh-Hant`: both `zho`) are refused rather
/// than the second silently replacing the first.
private struct UserDataRecordClaims {
    private var tags: [Record: String] = [:]

    private struct Record: Hashable {
        var scope: MetadataScope
        var target: MetadataTarget
        /// The packed language alone: a record has no country.
        var language: UInt16
    }

    mutating func claim(_ target: MetadataTarget, locale: MetadataLocale, change: MetadataChange) throws(BoxError) {
        guard case let .userData(type) = target, let language = change.language else { return }
        let record = Record(scope: change.scope, target: target, language: locale.language)
        if let earlier = tags[record], (try? MetadataLocale(earlier)) != locale {
            throw BoxError(.unwritableMetadata("udta/\(type)@\(earlier) and udta/\(type)@\(language) would both be stored as language "
                                         + "'\(MediaLanguage(rawValue: locale.language).iso639Code)': QuickTime user data records have an "
                                         + "ISO 639-2 code and no script or country, so the second would replace the first; write them "
                                         + "as QuickTime metadata (mdta/…, or a common name), which keeps both tags"), at: nil)
        }
        tags[record] = language
    }
}

extension MetadataValue {
    /// What kind of value this is, for messages.
    var kindDescription: String {
        switch self {
        case .text: "text"
        case .integer, .unsignedInteger: "integer"
        case .float, .floats: "number"
        case .image: "image"
        case .location: "location"
        case .bytes: "binary"
        }
    }
}

extension Box {
    /// Edits the level `scope` names: `moov` itself, the `trak` with that track ID, or its `mdia`.
    mutating func editMetadataHolder(at scope: MetadataScope, limits: Limits,
                                     _ change: (inout MetadataHolder) throws(BoxError) -> Void) throws(BoxError) {
        guard let trackID = scope.trackID else {
            var holder = MetadataHolder(box: self, limits: limits)
            try change(&holder)
            self = holder.box
            return
        }
        var found = false
        try editChildren { (children: inout [Box]) throws(BoxError) in
            for position in children.indices where children[position].type == "trak" {
                guard let header = children[position].child("tkhd"),
                      try TrackHeaderBox(header.loaded(limits: limits)).trackID == trackID else { continue }
                found = true
                guard case .media = scope else {
                    var holder = MetadataHolder(box: children[position], limits: limits)
                    try change(&holder)
                    children[position] = holder.box
                    return
                }
                let location = children[position].location
                try children[position].editChildren { (trak: inout [Box]) throws(BoxError) in
                    guard let media = trak.firstIndex(where: { $0.type == "mdia" }) else {
                        throw BoxError(.missingBox("track \(trackID) has no media box"), at: location)
                    }
                    var holder = MetadataHolder(box: trak[media], limits: limits)
                    try change(&holder)
                    trak[media] = holder.box
                }
                return
            }
        }
        guard found else { throw BoxError(.unwritableMetadata("the movie has no track \(trackID)"), at: nil) }
    }
}
