/// Which carrier a new metadata item goes to when the file has none for its key at that scope.
/// An item that already exists is always changed where it is.
public enum MetadataCarrierPreference: String, Sendable, Hashable, CaseIterable {
    /// QuickTime metadata (`meta` with handler `mdta`, `keys`, `ilst`): QuickTime movies.
    case quickTimeMetadata
    /// iTunes metadata (`udta/meta` with handler `mdir`, `ilst`): MPEG-4 and Apple `.m4v` files.
    /// Localized values and track-level items still go to QuickTime metadata, which has
    /// locales and track scope (iTunes lists have neither).
    case iTunes
}
