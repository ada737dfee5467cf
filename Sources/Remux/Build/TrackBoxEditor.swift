import ISOBMFF
import Language
import Movie
import TimedText

/// Changes the boxes of one `trak` — `tkhd`, `mdhd`, `elng`, `hdlr` and the media information
/// header, `udta` items, `tref` — and nothing else: every other box, known or not, stays as it
/// was read.
struct TrackBoxEditor {
    var trak: Box
    let limits: Limits
    /// The track ID, read once from `tkhd`: no edit changes it.
    let trackID: UInt32

    init(trak: Box, limits: Limits) throws(BoxError) {
        self.trak = trak
        self.limits = limits
        trackID = try Self.header(of: trak, limits: limits).trackID
    }

    /// The editor of a `trak` just built for track `trackID`, whose header needs no reading.
    init(built trak: Box, trackID: UInt32, limits: Limits) {
        self.trak = trak
        self.limits = limits
        self.trackID = trackID
    }

    func header() throws(BoxError) -> TrackHeaderBox {
        try Self.header(of: trak, limits: limits)
    }

    /// The `tkhd` of a `trak`.
    static func header(of trak: Box, limits: Limits = .standard) throws(BoxError) -> TrackHeaderBox {
        guard let tkhd = trak.child("tkhd") else {
            throw BoxError(.missingBox("track has no tkhd"), at: trak.location ?? BoxLocation(path: "trak", offset: 0))
        }
        return try TrackHeaderBox(tkhd.loaded(limits: limits))
    }

    mutating func updateHeader(_ change: (inout TrackHeaderBox) -> Void) throws(BoxError) {
        var header = try header()
        change(&header)
        trak.modifyChild("tkhd") { $0.setPayload(header) }
    }

    /// Applies the changes that concern this track alone (group numbers already resolved); the
    /// handler and the fit to the video need the rest of the movie: ``setHandler(_:isChapterTrack:)``
    /// and ``fitTextBoxToVideo(width:height:)``.
    mutating func apply(_ changes: TrackChanges, group: Int16?) throws(BoxError) {
        if let language = changes.language { try setLanguage(language) }
        if let name = changes.name { try setName(name) }
        let enabled = changes.makesDefault ? true : changes.isEnabled
        if group != nil || enabled != nil {
            try updateHeader { header in
                if let group { header.alternateGroup = group }
                if let enabled {
                    if enabled { header.flags.insert(.enabled) } else { header.flags.remove(.enabled) }
                }
            }
        }
        // Removal first: removing and adding X turns a NUL-padded "X\0" into "X". One pass
        // each, so a plan with thousands of characteristics costs no more than it lists.
        if !changes.removedCharacteristics.isEmpty {
            let removed = Set(changes.removedCharacteristics.map { Array($0.utf8) })
            try removeUserDataItems("tagc") { removed.contains(Self.tagWithoutPadding($0)) }
        }
        try addCharacteristics(changes.addedCharacteristics)
        for reference in changes.removedReferences { removeReference(reference) }
        for reference in changes.addedReferences { try addReference(reference) }
    }

    /// `mdhd` gets the ISO 639-2/T code; `elng` the whole tag when it says more, and is removed
    /// otherwise, since players prefer `elng` over `mdhd` (QTFF "Extended language tag atom").
    mutating func setLanguage(_ tag: LanguageTag) throws(BoxError) {
        guard var mdia = trak.child("mdia"), let mdhd = mdia.child("mdhd") else { throw error("track has no mdia/mdhd") }
        var header = try MediaHeaderBox(mdhd.loaded(limits: limits))
        header.language = MediaLanguage(iso639: tag.iso639Code) ?? .undetermined
        mdia.modifyChild("mdhd") { $0.setPayload(header) }
        var children = mdia.children.filter { $0.type != "elng" }
        if tag.needsExtendedTag, let index = children.firstIndex(where: { $0.type == "mdhd" }) {
            children.insert(ExtendedLanguageBox(tag: tag.description).makeBox(), at: index + 1)
        }
        mdia.setChildren(children)
        trak.modifyChild("mdia") { $0 = mdia }
    }

    /// Sets `udta/name` (QTFF "User data atoms"), or removes it for an empty name.
    mutating func setName(_ name: String) throws(BoxError) {
        try removeUserDataItems("name") { _ in true }
        if !name.isEmpty { try appendUserData([TrackNameBox(name: name).makeBox()]) }
    }

    /// A `tagc` payload without the NUL bytes some tools put after it: QTFF's "Media
    /// characteristic tag atom" has no terminator, and players compare tags exactly, so a tag
    /// followed by NULs is one to remove, never one that is present.
    static func tagWithoutPadding(_ payload: [UInt8]) -> [UInt8] {
        Array(payload[..<(payload.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)])
    }

    /// Adds each characteristic the track does not have yet, once.
    mutating func addCharacteristics(_ characteristics: [String]) throws(BoxError) {
        var present = Set(try userDataItems("tagc"))
        var added: [Box] = []
        for characteristic in characteristics where present.insert(Array(characteristic.utf8)).inserted {
            added.append(MediaCharacteristicTagBox(characteristic: characteristic).makeBox())
        }
        try appendUserData(added)
    }

    /// Makes a QuickTime `text` track whose one sample description is `tx3g` a subtitle track:
    /// handler `sbtl` (QTFF "Subtitle media": the `tx3g` description is subtitle media's, "a
    /// different track type and media handler" from text media) in the `hdlr` form the file
    /// uses, and the null media header `nmhd` in place of text media's base media information
    /// header `gmhd` (QTFF "Base media information atom" lists the media that use `gmhd` —
    /// timed metadata, text, MPEG, time code, music — and not subtitles; QTFF gives subtitle
    /// media no header of its own, so ISO/IEC 14496-12 §8.4.5.2's null header applies, which is
    /// what FFmpeg and Subler write). The handler the track has already changes nothing; any
    /// other change is refused.
    mutating func setHandler(_ handler: FourCC, isChapterTrack: Bool) throws(EditError) {
        guard var mdia = trak.child("mdia"), let hdlr = mdia.child("hdlr") else { throw .box(error("track \(trackID) has no mdia/hdlr")) }
        var handlerBox = try boxing(HandlerBox(hdlr.loaded(limits: limits)))
        let current = handlerBox.handlerType
        guard current != handler else { return }
        guard handler == "sbtl", current == "text" else {
            throw .unsupportedHandlerChange(trackID: trackID, from: current, to: handler)
        }
        guard var minf = mdia.child("minf") else { throw .box(error("track \(trackID) has no mdia/minf")) }
        let entries = minf.descendant(["stbl", "stsd"])?.children ?? []
        guard let entry = entries.first else { throw .box(error("track \(trackID) has no sample description")) }
        guard entries.count == 1 else {
            throw .severalSampleDescriptions(trackID: trackID, count: entries.count)
        }
        guard entry.type == Tx3gSampleDescription.format else {
            throw .handlerChangeNeedsTx3g(trackID: trackID, format: entry.type)
        }
        guard !isChapterTrack else {
            throw .chapterTrackStaysText(trackID: trackID)
        }
        handlerBox.handlerType = handler
        handlerBox.name = ConventionalHandlerName.name(forHandlerType: handler)
        mdia.modifyChild("hdlr") { $0.setPayload(handlerBox) }
        let mediaHeaders: Set<FourCC> = ["vmhd", "smhd", "gmhd", "nmhd", "sthd", "hmhd"]
        if minf.children.filter({ mediaHeaders.contains($0.type) }).map(\.type) != ["nmhd"] {
            var children = minf.children
            let index = children.firstIndex { mediaHeaders.contains($0.type) } ?? 0
            children.removeAll { mediaHeaders.contains($0.type) }
            children.insert(TrackBuilder.nullMediaHeader, at: min(index, children.count))
            minf.setChildren(children)
            mdia.modifyChild("minf") { $0 = minf }
        }
        trak.modifyChild("mdia") { $0 = mdia }
    }

    /// Sets a `tx3g` track's size and matrix for the main video (16.16 size of its `tkhd`) the
    /// way a new subtitle track gets them (``SubtitleTextBoxPlacement``).
    mutating func fitTextBoxToVideo(width videoWidth: UInt32, height videoHeight: UInt32) throws(EditError) {
        guard let entry = trak.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first else {
            throw .box(error("track \(trackID) has no sample description"))
        }
        guard entry.type == Tx3gSampleDescription.format else {
            throw .fitNeedsTx3g(trackID: trackID, format: entry.type)
        }
        guard videoWidth > 0, videoHeight > 0 else {
            throw .noVideoToFit(trackID: trackID)
        }
        let loaded = try boxing(entry.loaded(limits: limits))
        let description: Tx3gSampleDescription
        do throws(SampleCodecError) {
            description = try Tx3gSampleDescription(loaded)
        } catch {
            throw EditError.box(BoxError(.invalidValue("track \(trackID)'s tx3g sample description cannot be read: \(error)"),
                                         at: entry.location ?? BoxLocation(path: "stsd/tx3g", offset: 0)))
        }
        let placement = SubtitleTextBoxPlacement(description, videoWidth: videoWidth, videoHeight: videoHeight)
        try boxing(updateHeader { header in
            header.width = placement.width
            header.height = placement.height
            header.matrix = placement.matrix
        })
    }

    /// Adds track IDs to the `tref` child of the reference's type, creating both as needed.
    mutating func addReference(_ reference: TrackReference) throws(BoxError) {
        var tref = trak.child("tref") ?? Box(type: "tref", children: [])
        var children = tref.children
        if let index = children.firstIndex(where: { $0.type == reference.type }) {
            let existing = try TrackReferenceTypeBox(reference: children[index].loaded(limits: limits))
            let added = reference.trackIDs.filter { !existing.trackIDs.contains($0) }
            children[index] = TrackReferenceTypeBox(referenceType: reference.type, trackIDs: existing.trackIDs + added).makeBox()
        } else {
            children.append(TrackReferenceTypeBox(referenceType: reference.type, trackIDs: reference.trackIDs).makeBox())
        }
        tref.setChildren(children)
        setTrackReferences(tref)
    }

    /// Removes track IDs from references of a type (all of them for an empty list).
    mutating func removeReference(_ reference: TrackReference) {
        guard var tref = trak.child("tref") else { return }
        let children: [Box] = tref.children.compactMap { child in
            guard child.type == reference.type else { return child }
            guard !reference.trackIDs.isEmpty,
                  let decoded = try? TrackReferenceTypeBox(reference: child.loaded(limits: limits)) else { return nil }
            let kept = decoded.trackIDs.filter { !reference.trackIDs.contains($0) }
            return kept.isEmpty ? nil : TrackReferenceTypeBox(referenceType: reference.type, trackIDs: kept).makeBox()
        }
        tref.setChildren(children)
        setTrackReferences(tref)
    }

    /// Drops every reference to the given tracks (their `tref` entries, then emptied types).
    mutating func removeReferences(to trackIDs: Set<UInt32>) throws(BoxError) {
        guard var tref = trak.child("tref") else { return }
        var children: [Box] = []
        for child in tref.children {
            let decoded = try TrackReferenceTypeBox(reference: child.loaded(limits: limits))
            let kept = decoded.trackIDs.filter { !trackIDs.contains($0) }
            if kept.count == decoded.trackIDs.count {
                children.append(child)
            } else if !kept.isEmpty {
                children.append(TrackReferenceTypeBox(referenceType: child.type, trackIDs: kept).makeBox())
            }
        }
        tref.setChildren(children)
        setTrackReferences(tref)
    }

    /// Puts `tref` in place (after `tkhd` and `edts`, before `mdia`, as writers customarily
    /// order it), or removes it when it holds nothing.
    private mutating func setTrackReferences(_ tref: Box) {
        var children = trak.children
        let index = children.firstIndex { $0.type == "tref" }
        if tref.children.isEmpty {
            if let index { children.remove(at: index) }
        } else if let index {
            children[index] = tref
        } else {
            children.insert(tref, at: children.firstIndex { $0.type == "mdia" } ?? children.count)
        }
        trak.setChildren(children)
    }

    private func userDataItems(_ type: FourCC) throws(BoxError) -> [[UInt8]] {
        guard let udta = trak.child("udta") else { return [] }
        var payloads: [[UInt8]] = []
        for item in udta.children where item.type == type {
            payloads.append(Array(try item.loaded(limits: limits).data ?? []))
        }
        return payloads
    }

    private mutating func removeUserDataItems(_ type: FourCC, where matches: ([UInt8]) -> Bool) throws(BoxError) {
        guard var udta = try editableUserData() else { return }
        var kept: [Box] = []
        for item in udta.children {
            guard item.type == type else {
                kept.append(item)
                continue
            }
            if !matches(Array(try item.loaded(limits: limits).data ?? [])) { kept.append(item) }
        }
        udta.setChildren(kept)
        trak.setChildren(trak.children.compactMap { child in
            child.type != "udta" ? child : (udta.children.isEmpty && udta.payloadSize == 0 ? nil : udta)
        })
    }

    private mutating func appendUserData(_ items: [Box]) throws(BoxError) {
        guard !items.isEmpty else { return }
        guard var udta = try editableUserData() else {
            trak.setChildren(trak.children + [Box(type: "udta", children: items)])
            return
        }
        udta.setChildren(udta.children + items)
        trak.modifyChild("udta") { $0 = udta }
    }

    /// The track's `udta`, which must be a list of boxes to be edited; nil when there is none.
    private func editableUserData() throws(BoxError) -> Box? {
        guard let udta = trak.child("udta") else { return nil }
        guard case .container = udta.content else {
            if udta.payloadSize == 0 { return Box(type: "udta", children: []) }
            throw BoxError(.unsupported("track \(trackID)'s udta is not a list of boxes, so its items cannot be edited"),
                           at: udta.location ?? BoxLocation(path: "udta", offset: 0))
        }
        return udta
    }

    private func error(_ message: String) -> BoxError {
        BoxError(.invalidValue(message), at: trak.location ?? BoxLocation(path: "trak", offset: 0))
    }
}
