import ISOBMFF
import Language

/// The `trak` of a track a writer makes, built once from its final properties: the track the
/// engine adds (subtitles, captions, timed metadata, chapters, a track whose cues are replaced)
/// and a CMAF header's track alike. It writes, in the order writers customarily use:
///
/// - `tkhd` (``header``: ID, flags, alternate group, size, matrix, duration in movie time);
/// - `edts/elst` (``editList``), `tref` (``references``);
/// - `mdia`: `mdhd` (``mediaHeader``: timescale, media duration, ISO 639-2/T language), `elng`
///   (``extendedLanguage``), then ``mediaBoxes`` (the handler) and `minf`: ``mediaInformationBoxes``
///   (the media information header, `dinf`), then `stbl` with ``sampleDescription`` and ``sampleTables``;
/// - `udta` (``userData``, ``name``, ``characteristics``, ``kinds``).
///
/// A track copied from another file gives its own boxes (``init(copying:header:mediaHeader:)``):
/// its sample description and tables, handler, media information and user data go through as
/// they are, in their order.
public struct TrackBuilder: Sendable {
    /// `tkhd` (ISO/IEC 14496-12 §8.3.2).
    public var header: TrackHeaderBox
    /// `edts/elst` (§8.6.5, §8.6.6), or none.
    public var editList: EditListBox?
    /// `tref` (§8.3.3): a child per reference type, in the order the types first appear, the
    /// track IDs of a type's later references added to it once each.
    public var references: [TrackReference] = []
    /// `mdhd` (§8.4.2).
    public var mediaHeader: MediaHeaderBox
    /// `elng` after `mdhd` (§8.4.6), or none.
    public var extendedLanguage: ExtendedLanguageBox?
    /// The rest of `mdia` before `minf`: the handler of a new track (``handler(_:name:isQuickTime:)``),
    /// a copied track's boxes in its order.
    public var mediaBoxes: [Box]
    /// `minf` before `stbl`: the media information header (``nullMediaHeader``…) and `dinf`
    /// (``selfContainedData``).
    public var mediaInformationBoxes: [Box]
    /// `stsd` (§8.5.2; ``sampleDescriptions(_:version:)`` makes one).
    public var sampleDescription: Box
    /// `stbl` after `stsd`: `stts`, `stsc`, `stsz`, `stco` (``emptySampleTables`` when the
    /// samples are in fragments); a copied track's `ctts`, `stss`, `sgpd`, `sbgp`… too.
    public var sampleTables: [Box]
    /// A copied `udta`, kept as it is; ``name`` and ``characteristics`` are added to it.
    public var userData: Box?
    /// `udta/name` (QTFF "User data atoms"), replacing any in ``userData``; nil or empty: none.
    public var name: String?
    /// `udta/tagc` (QTFF "Media characteristic tag atom"), each written once.
    public var characteristics: [String] = []
    /// `udta/kind` (ISO/IEC 14496-12 §8.10.4), each written once, after ``characteristics``.
    public var kinds: [TrackKind] = []

    /// A new track of one sample description `sampleEntry`, its samples in this file, durations
    /// 0 and language `und` until set, no sample in its tables.
    public init(trackID: UInt32, flags: TrackHeaderBox.Flags, handler: Box, mediaInformationHeader: Box, sampleEntry: Box,
                timescale: UInt32) {
        header = TrackHeaderBox(trackID: trackID, flags: flags, duration: 0)
        mediaHeader = MediaHeaderBox(timing: HeaderTiming(timescale: timescale, duration: 0), language: .undetermined)
        mediaBoxes = [handler]
        mediaInformationBoxes = [mediaInformationHeader, Self.selfContainedData]
        sampleDescription = Self.sampleDescriptions([sampleEntry])
        sampleTables = Self.emptySampleTables
    }

    /// A copy of the track `trak`, whose `tkhd` and `mdhd` the caller has read (and changes as
    /// the copy needs): its `mdia` boxes, `minf` boxes, `stsd`, sample tables and `udta` as they
    /// are; no edit list and no references (the caller gives those that still apply).
    public init(copying trak: Box, header: TrackHeaderBox, mediaHeader: MediaHeaderBox) throws(BoxError) {
        guard let mdia = trak.child("mdia"), let minf = mdia.child("minf"), let stbl = minf.child("stbl"),
              let stsd = stbl.child("stsd") else {
            throw BoxError(.missingBox("track \(header.trackID) has no sample description"), at: trak.location)
        }
        self.header = header
        self.mediaHeader = mediaHeader
        mediaBoxes = mdia.children.filter { $0.type != "mdhd" && $0.type != "minf" }
        mediaInformationBoxes = minf.children.filter { $0.type != "stbl" }
        sampleDescription = stsd
        sampleTables = stbl.children.filter { $0.type != "stsd" }
        userData = trak.child("udta")
    }

    /// Sets the language: `mdhd` gets the tag's ISO 639-2/T code (`und` for none), `elng` the
    /// whole tag when it says more than that code (QTFF "Extended language tag atom").
    public mutating func setLanguage(_ tag: LanguageTag?) {
        mediaHeader.language = tag.flatMap { MediaLanguage(iso639: $0.iso639Code) } ?? .undetermined
        extendedLanguage = tag.flatMap { $0.needsExtendedTag ? ExtendedLanguageBox(tag: $0.description) : nil }
    }

    /// The `mdia` box.
    public func media() -> Box {
        let sampleTable = Box(type: "stbl", children: [sampleDescription] + sampleTables)
        return Box(type: "mdia", children: [mediaHeader.makeBox()] + [extendedLanguage?.makeBox()].compactMap { $0 } + mediaBoxes
            + [Box(type: "minf", children: mediaInformationBoxes + [sampleTable])])
    }

    /// The `trak` box.
    public func trak() throws(BoxError) -> Box {
        var children = [header.makeBox()]
        if let editList { children.append(Box(type: "edts", children: [editList.makeBox()])) }
        if let trackReferences { children.append(trackReferences) }
        children.append(media())
        if let udta = try userDataBox() { children.append(udta) }
        return Box(type: "trak", children: children)
    }

    /// `tref`, nil without references.
    private var trackReferences: Box? {
        guard !references.isEmpty else { return nil }
        var merged: [(type: FourCC, trackIDs: [UInt32])] = []
        for reference in references {
            if let index = merged.firstIndex(where: { $0.type == reference.type }) {
                let known = merged[index].trackIDs
                merged[index].trackIDs += reference.trackIDs.filter { !known.contains($0) }
            } else {
                merged.append((reference.type, reference.trackIDs))
            }
        }
        return Box(type: "tref", children: merged.map { TrackReferenceTypeBox(referenceType: $0.type, trackIDs: $0.trackIDs).makeBox() })
    }

    /// `udta`: the copied one with the name and characteristics added, nil when there is nothing.
    private func userDataBox() throws(BoxError) -> Box? {
        var items: [Box] = []
        if let name, !name.isEmpty { items.append(TrackNameBox(name: name).makeBox()) }
        // Compared as bytes, as players compare tags.
        var written: Set<[UInt8]> = []
        for characteristic in characteristics where written.insert(Array(characteristic.utf8)).inserted {
            items.append(MediaCharacteristicTagBox(characteristic: characteristic).makeBox())
        }
        var writtenKinds: Set<TrackKind> = []
        for kind in kinds where writtenKinds.insert(kind).inserted {
            items.append(TrackKindBox(schemeURI: kind.schemeURI, value: kind.value).makeBox())
        }
        guard var udta = userData else { return items.isEmpty ? nil : Box(type: "udta", children: items) }
        guard name != nil || !items.isEmpty else { return udta }
        guard udta.isContainer else {
            throw BoxError(.unsupported("track \(header.trackID)'s udta is not a list of boxes, so a name or characteristic cannot be set"),
                           at: udta.location ?? BoxLocation(path: "trak/udta", offset: 0))
        }
        udta.setChildren((name == nil ? udta.children : udta.children.filter { $0.type != "name" }) + items)
        return udta.children.isEmpty && udta.payloadSize == 0 ? nil : udta
    }
}
