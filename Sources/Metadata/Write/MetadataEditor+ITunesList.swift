import Conversion
import ISOBMFF

extension MetadataEditor {
    /// `moov` with its metadata where MPEG-4 readers (mutagen, AtomicParsley, VLC) look, for a
    /// file written as MPEG-4 (`.mp4`, `.m4v`): `udta` before any QuickTime-style `meta` of
    /// `moov` (one without version and flags, QTFF "Metadata atom"; mutagen reads every `meta`
    /// as the FullBox of ISO/IEC 14496-12 §8.11.1 and loses the rest of `moov` after it, while
    /// ExifTool and AVFoundation expect that form there), the iTunes list the first `meta` of
    /// `udta` (mutagen reads the first alone), and, with `carryingQuickTimeItems` (a QuickTime
    /// movie written as MPEG-4), the QuickTime items copied into that list
    /// (`carryingIntoITunesList(_:)`).
    public func preparedForMPEG4(_ moov: Box, carryingQuickTimeItems: Bool) throws(BoxError) -> (moov: Box, losses: [ConversionLoss]) {
        var result = (moov: moov, losses: [ConversionLoss]())
        if carryingQuickTimeItems { result = try carryingIntoITunesList(moov) }
        try result.moov.editChildren { children in
            for index in children.indices where children[index].type == "udta" && children[index].isContainer {
                var list = children[index].children
                if let iTunes = list.firstIndex(where: { $0.metaHandlerType == "mdir" }),
                   let first = list.firstIndex(where: { $0.type == "meta" }), first < iTunes {
                    list.insert(list.remove(at: iTunes), at: first)
                    children[index].setChildren(list)
                }
            }
            guard let userData = children.firstIndex(where: { $0.type == "udta" }),
                  let quickTimeMeta = children.firstIndex(where: { $0.type == "meta" && Self.hasNoVersion($0) }),
                  quickTimeMeta < userData else { return }
            children.insert(children.remove(at: userData), at: quickTimeMeta)
        }
        return result
    }

    /// Whether a `meta` is QuickTime's, without version and flags.
    private static func hasNoVersion(_ meta: Box) -> Bool {
        guard case let .container(container) = meta.content else { return false }
        return container.prefix.isEmpty
    }

    /// `moov` with its QuickTime movie-level items also in an iTunes list, for a QuickTime movie
    /// written as MPEG-4 (`.mp4`, `.m4v`): MPEG-4 readers (mutagen, AtomicParsley, VLC) read
    /// `udta/meta/ilst` and never QuickTime metadata (`mdta`) or user data (`©xxx`) items. Every
    /// item stays where it is, for the readers that do read it (ffmpeg, ExifTool, AVFoundation).
    ///
    /// An item whose common name has an iTunes item type (``MetadataCommonKey``) and no language
    /// is copied, unless the list already holds that type (the first item of a type wins, as
    /// `title` and `udta/©nam` both become `©nam`). The rest are the losses: items with no
    /// iTunes form (location, make, model, keys of one's own) and localized values (iTunes lists
    /// have no languages). Numbers count the movie-level items in the order `legible metadata`
    /// lists them in the source (after the edit's own metadata changes).
    func carryingIntoITunesList(_ moov: Box) throws(BoxError) -> (moov: Box, losses: [ConversionLoss]) {
        let items = MetadataReader.items(inMovieBox: moov, limits: limits).items
        var holder = MetadataHolder(box: moov, limits: limits)
        var withoutForm: [Int] = []
        var localized: [Int] = []
        for (index, item) in items.enumerated() {
            let number = index + 1
            switch item.identifier.keySpace {
            case .quickTimeMetadata: break
            case .quickTimeUserData: guard item.identifier.key.hasPrefix("©") else { continue }
            default: continue
            }
            // ffmpeg names its own mdta keys by its common names (`title`).
            let common = MetadataCommonKey.all.first { $0.identifiers.contains(item.identifier) }
                ?? (item.identifier.keySpace == .quickTimeMetadata && !item.identifier.key.contains(".")
                    ? MetadataCommonKey.named(item.identifier.key) : nil)
            guard let type = common?.iTunesKey.flatMap(FourCC.init) else {
                withoutForm.append(number)
                continue
            }
            guard item.language == nil, item.country == nil else {
                localized.append(number)
                continue
            }
            let key = ITunesMetadataList.Key.item(type)
            guard !holder.hasITunesItem(key) else { continue }
            try holder.setITunesItem(key, to: ITunesMetadataList.dataBox(for: key, value: item.value, type: item.dataType))
        }
        var losses: [ConversionLoss] = []
        if !withoutForm.isEmpty {
            losses.append(ConversionLoss(kind: .noITunesForm, subject: .item, numbers: withoutForm,
                                         message: "QuickTime metadata with no iTunes (ilst) form, which MPEG-4 readers such as mutagen do not read",
                                         hint: "they stay in the file for ffmpeg, ExifTool and AVFoundation; a .mov output keeps them for every reader"))
        }
        if !localized.isEmpty {
            losses.append(ConversionLoss(kind: .localizedMetadata, subject: .item, numbers: localized,
                                         message: "localized QuickTime metadata values, which iTunes lists (no languages) cannot carry",
                                         hint: "they stay in the file for ffmpeg, ExifTool and AVFoundation"))
        }
        return (holder.box, losses)
    }
}

/// Losses of writing QuickTime metadata as an iTunes list.
extension ConversionLoss.Kind {
    /// Movie metadata of a QuickTime movie written as MPEG-4 whose key has no iTunes item type.
    public static let noITunesForm = Self(rawValue: "metadata-no-ilst-form")
    /// Localized values of a QuickTime movie written as MPEG-4: iTunes lists have no languages.
    public static let localizedMetadata = Self(rawValue: "metadata-language")
}
