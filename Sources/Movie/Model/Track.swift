import ISOBMFF

/// A track, decoded from its `trak` box: header, media header, handler, language, sample
/// descriptions, references and user data.
///
/// The `trak` box itself is kept (``box``), so a track can be edited by changing boxes and
/// decoding again; every box Legible does not model is written back unchanged. Structural boxes
/// (`tkhd`, `mdhd`, the sample-size header) must decode; damaged optional ones (handler name,
/// `elng`, sample descriptions, edit list, user data items) become ``warnings``.
public struct Track: Sendable {
    /// The `trak` box this track was decoded from.
    public let box: Box
    /// The file the track's unloaded boxes (large sample tables) and samples are read from.
    public let source: any ByteSource
    /// The track header (`tkhd`): ID, flags, alternate group, size, matrix.
    public let header: TrackHeaderBox
    /// The media header (`mdhd`): timescale, duration, language.
    public let mediaHeader: MediaHeaderBox
    /// The handler (`mdia/hdlr`), which says the media type.
    public let handler: HandlerBox?
    /// The extended language tag (`elng`), if present.
    public let extendedLanguage: ExtendedLanguageBox?
    /// The sample descriptions (`stsd`).
    public let sampleEntries: [SampleEntry]
    /// The display flags of the first sample description when it is `tx3g` (forced subtitles,
    /// vertical placement); nil for other formats and for a `tx3g` description too damaged to
    /// decode.
    public let subtitleDisplayFlags: Tx3gDisplayFlags?
    /// The track references (`tref`).
    public let references: [TrackReference]
    /// The user data (`udta`): name, characteristics, other items.
    public let userData: TrackUserData
    /// The edit list (`edts/elst`), if present.
    public let editList: EditListBox?
    /// QuickTime `txas`: keep this track out of automatic selection.
    public let isExcludedFromAutoselection: Bool
    /// Samples in `stsz`/`stz2` (0 for fragmented tracks, whose samples are in `moof`s).
    public let tableSampleCount: UInt64
    /// Damaged optional boxes that were skipped, with box path and offset.
    public let warnings: [BoxError]
    let limits: Limits

    /// Decodes a `trak` whose unloaded boxes are in `source`.
    public init(_ trak: Box, source: any ByteSource, limits: Limits = .standard) throws(BoxError) {
        box = trak
        self.source = source
        self.limits = limits
        var warnings: [BoxError] = []
        /// Decodes an optional box; a failure becomes a warning and nil.
        func optional<T>(_ box: Box?, _ decode: (Box) throws(BoxError) -> T) -> T? {
            guard let box else { return nil }
            do throws(BoxError) {
                return try decode(box.loaded(limits: limits))
            } catch {
                warnings.append(error)
                return nil
            }
        }
        let location = trak.location ?? BoxLocation(path: "trak", offset: 0)
        guard let tkhd = trak.child("tkhd") else { throw BoxError(.missingBox("track has no tkhd"), at: location) }
        header = try TrackHeaderBox(tkhd.loaded(limits: limits))
        guard let mdia = trak.child("mdia"), let mdhd = mdia.child("mdhd") else {
            throw BoxError(.missingBox("track \(header.trackID) has no mdia/mdhd"), at: location)
        }
        mediaHeader = try MediaHeaderBox(mdhd.loaded(limits: limits))
        handler = optional(mdia.child("hdlr")) { (box) throws(BoxError) in try HandlerBox(box) }
        extendedLanguage = optional(mdia.child("elng")) { (box) throws(BoxError) in try ExtendedLanguageBox(box) }
        let stbl = mdia.descendant(["minf", "stbl"])
        let handlerType = handler?.handlerType
        sampleEntries = (stbl?.child("stsd")?.children ?? []).compactMap { entry in
            optional(entry) { (box) throws(BoxError) in try SampleEntry(box, handler: handlerType) }
        }
        subtitleDisplayFlags = Self.subtitleDisplayFlags(in: stbl?.child("stsd"))
        references = (trak.child("tref")?.children ?? []).compactMap { child in
            optional(child) { (box) throws(BoxError) in
                let decoded = try TrackReferenceTypeBox(reference: box)
                return TrackReference(type: decoded.referenceType, trackIDs: decoded.trackIDs)
            }
        }
        userData = TrackUserData(trak.child("udta"), limits: limits, warnings: &warnings)
        editList = optional(trak.child("edts")?.child("elst")) { (box) throws(BoxError) in try EditListBox(box) }
        isExcludedFromAutoselection = trak.child("txas") != nil
        tableSampleCount = try Self.sampleCount(in: stbl, limits: limits)
        self.warnings = warnings
    }

    /// The flags only inform labels (forced-only), so a damaged description yields nil rather
    /// than making the whole movie unreadable.
    private static func subtitleDisplayFlags(in stsd: Box?) -> Tx3gDisplayFlags? {
        stsd?.children.first.flatMap(Tx3gDisplayFlags.init(sampleEntry:))
    }

    /// Reads only the header of `stsz`/`stz2` (its first 12 bytes), never the size table. A
    /// sample-size box too short to hold a count (files stripped for tests have them) falls back
    /// to the `stts` total.
    private static func sampleCount(in stbl: Box?, limits: Limits) throws(BoxError) -> UInt64 {
        guard let sizes = stbl?.child("stsz") ?? stbl?.child("stz2") else { return 0 }
        var reader = try sizes.payloadPrefixReader(12)
        if reader.remaining >= 12 {
            try reader.skip(8)
            return UInt64(try reader.readUInt32())
        }
        guard let stts = stbl?.child("stts") else { return 0 }
        return try TimeToSampleBox(stts.loaded(limits: limits)).totals.samples
    }

    /// The track ID.
    public var id: UInt32 { header.trackID }
    /// The media type the handler says.
    public var mediaType: MediaType { MediaType(handler: handler?.handlerType) }
    /// The first sample entry's format: the codec (`avc1`, `mp4a`, `tx3g`, `wvtt`, …).
    public var codec: FourCC? { sampleEntries.first?.format }
    /// The `mdhd` language as ISO 639-2/T, Macintosh codes converted, `und` when unspecified.
    public var language: String { mediaHeader.language.iso639Code }
    /// The language players show: `elng` when present and not empty, else the `mdhd` language.
    public var displayLanguage: String {
        if let tag = extendedLanguage?.tag, !tag.isEmpty { return tag }
        return language
    }
    /// Whether the track is enabled (`tkhd` flag 1).
    public var isEnabled: Bool { header.isEnabled }
    /// The track's name: `udta/name`, else a `©nam` title, else nil.
    public var name: String? { userData.name ?? userData.title }
    /// Track IDs this track refers to with a given reference type.
    public func referencedTrackIDs(_ type: FourCC) -> [UInt32] {
        references.filter { $0.type == type }.flatMap(\.trackIDs)
    }
    /// Media duration in seconds from `mdhd`.
    public var mediaDurationSeconds: Double? { mediaHeader.durationSeconds }

    /// The sample table index: reads the track's tables, which inspection does not need.
    public func sampleTable() throws(BoxError) -> SampleTable {
        guard let stbl = box.descendant(["mdia", "minf", "stbl"]) else {
            throw BoxError(.missingBox("track \(id) has no sample table"), at: box.location ?? BoxLocation(path: "trak", offset: 0))
        }
        return try SampleTable(stbl, limits: limits)
    }
}
