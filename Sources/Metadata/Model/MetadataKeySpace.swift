/// The key space of a metadata item: which carrier's keys it uses. The raw values are the
/// four-character key-space codes AVFoundation prints in identifiers (`AVMetadataKeySpace`).
public enum MetadataKeySpace: String, Sendable, Hashable, CaseIterable, Codable {
    /// QuickTime user data items in `udta` (`©nam`, `©xyz`, `name`, `tagc`, maker boxes).
    case quickTimeUserData = "udta"
    /// 3GPP / ISO user data in `udta` (`titl`, `auth`, `loci`, …; 3GPP TS 26.244 §8).
    case isoUserData = "uiso"
    /// QuickTime metadata: `meta` with handler `mdta`, reverse-DNS keys in `keys` (QTFF
    /// "Metadata"); also the `mdta` namespace of timed metadata key tables.
    case quickTimeMetadata = "mdta"
    /// iTunes items with four-character keys in `udta/meta/ilst` (handler `mdir`).
    case iTunes = "itsk"
    /// iTunes freeform items (`----` with `mean` and `name`), keyed `mean.name`.
    case iTunesLong = "itlk"
}
