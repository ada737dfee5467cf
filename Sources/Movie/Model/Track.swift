import ISOBMFF
import TimedText

/// A track, decoded from its `trak` box: header, media header, handler, language, sample
/// descriptions, references and user data.
///
/// The `trak` box itself is kept (``box``), so a track can be edited by changing boxes and
/// decoding again; every box Legible does not model is written back unchanged.
public struct Track: Sendable {
    /// The `trak` box this track was decoded from.
    public let box: Box
    public let header: TrackHeaderBox
    public let mediaHeader: MediaHeaderBox
    public let handler: HandlerBox?
    public let extendedLanguage: ExtendedLanguageBox?
    public let sampleEntries: [SampleEntry]
    /// The display flags of the first sample description when it is `tx3g` (forced subtitles,
    /// vertical placement); nil for other formats and for a `tx3g` description too damaged to
    /// decode.
    public let subtitleDisplayFlags: Tx3gDisplayFlags?
    public let references: [TrackReference]
    public let userData: TrackUserData
    public let editList: EditListBox?
    /// QuickTime `txas`: keep this track out of automatic selection.
    public let isExcludedFromAutoselection: Bool
    /// Samples in `stsz`/`stz2` (0 for fragmented tracks, whose samples are in `moof`s).
    public let tableSampleCount: UInt64

    /// Decodes a `trak`.
    public init(_ trak: Box) throws(BoxError) {
        box = trak
        let location = trak.location ?? BoxLocation(path: "trak", offset: 0)
        guard let tkhd = trak.child("tkhd") else { throw BoxError(.invalidValue("track has no tkhd"), at: location) }
        header = try TrackHeaderBox(tkhd)
        guard let mdia = trak.child("mdia"), let mdhd = mdia.child("mdhd") else {
            throw BoxError(.invalidValue("track \(header.trackID) has no mdia/mdhd"), at: location)
        }
        mediaHeader = try MediaHeaderBox(mdhd)
        handler = try mdia.child("hdlr").map { (box) throws(BoxError) in try HandlerBox(box) }
        extendedLanguage = try mdia.child("elng").map { (box) throws(BoxError) in try ExtendedLanguageBox(box) }
        let stbl = mdia.descendant(["minf", "stbl"])
        var entries: [SampleEntry] = []
        for entry in stbl?.child("stsd")?.children ?? [] {
            entries.append(try SampleEntry(entry, handler: handler?.handlerType))
        }
        sampleEntries = entries
        subtitleDisplayFlags = Self.subtitleDisplayFlags(in: stbl?.child("stsd"))
        var references: [TrackReference] = []
        for child in trak.child("tref")?.children ?? [] where child.data != nil {
            let decoded = try TrackReferenceTypeBox(reference: child)
            references.append(TrackReference(type: decoded.referenceType, trackIDs: decoded.trackIDs))
        }
        self.references = references
        userData = try TrackUserData(trak.child("udta"))
        editList = try trak.child("edts")?.child("elst").map { (box) throws(BoxError) in try EditListBox(box) }
        isExcludedFromAutoselection = trak.child("txas") != nil
        tableSampleCount = try Self.sampleCount(in: stbl)
    }

    /// The flags only inform labels (forced-only), so a damaged description yields nil rather
    /// than making the whole movie unreadable.
    private static func subtitleDisplayFlags(in stsd: Box?) -> Tx3gDisplayFlags? {
        guard let entry = stsd?.children.first, entry.type == Tx3gSampleDescription.format else { return nil }
        return try? Tx3gSampleDescription(entry).displayFlags
    }

    /// Reads only the count field of `stsz`/`stz2`, never the size table. A sample-size box too
    /// short to hold a count (files stripped for tests have them) falls back to the `stts` total.
    private static func sampleCount(in stbl: Box?) throws(BoxError) -> UInt64 {
        guard let sizes = stbl?.child("stsz") ?? stbl?.child("stz2") else { return 0 }
        var reader = try sizes.payloadReader()
        if reader.remaining >= 12 {
            try reader.skip(8)
            return UInt64(try reader.readUInt32())
        }
        guard let stts = stbl?.child("stts") else { return 0 }
        return try TimeToSampleBox(stts).totals.samples
    }

    public var id: UInt32 { header.trackID }
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
    public var isEnabled: Bool { header.isEnabled }
    /// The track's name: `udta/name`, else a `©nam` title, else nil.
    public var name: String? { userData.name ?? userData.title }
    /// Track IDs this track refers to with a given reference type.
    public func referencedTrackIDs(_ type: FourCC) -> [UInt32] {
        references.filter { $0.type == type }.flatMap(\.trackIDs)
    }
    /// Media duration in seconds from `mdhd`.
    public var mediaDurationSeconds: Double? { mediaHeader.durationSeconds }

    /// The sample table index (decodes the tables; inspection does not need it).
    public func sampleTable() throws(BoxError) -> SampleTable {
        guard let stbl = box.descendant(["mdia", "minf", "stbl"]) else {
            throw BoxError(.invalidValue("track \(id) has no sample table"), at: box.location ?? BoxLocation(path: "trak", offset: 0))
        }
        return try SampleTable(stbl)
    }
}
