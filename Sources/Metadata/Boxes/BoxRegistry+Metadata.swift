import ISOBMFF

/// The Metadata target's box rules.
extension BoxRegistry {
    /// Metadata's rows: the codecs of QuickTime metadata boxes — the key table of a `meta`, the
    /// value atoms of `ilst` items, and the key table of a timed-metadata (`mebx`) sample entry.
    public static let metadata = BoxRegistry(
        BoxRule.payload(MetadataKeysBox.self, .inside(["meta"]), versions: 0...0, specification: "QTFF \"Metadata item keys atom\"")
            + BoxRule.payload(MetadataDataBox.self, .insideItemOf("ilst"), specification: "QTFF \"Value atom\"")
            + BoxRule.payload(MetadataKeyTable.self, .inside([TimedMetadataTrack.format]),
                              specification: "QTFF \"Metadata key table atom\"")
    )
}
