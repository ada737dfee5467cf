import ISOBMFF
import Movie

/// Changes the boxes of one `trak` — `tkhd`, `mdhd`, `elng`, `udta` items, `tref` — and nothing
/// else: every other box, known or not, stays as it was read.
struct TrackBoxEditor {
    var trak: Box
    let limits: Limits

    var trackID: UInt32 { (try? header().trackID) ?? 0 }

    func header() throws(BoxError) -> TrackHeaderBox {
        guard let tkhd = trak.child("tkhd") else { throw error("track has no tkhd") }
        return try TrackHeaderBox(tkhd.loaded(limits: limits))
    }

    mutating func updateHeader(_ change: (inout TrackHeaderBox) -> Void) throws(BoxError) {
        var header = try header()
        change(&header)
        trak.modifyChild("tkhd") { $0.setPayload(header) }
    }

    /// Applies the changes that concern this track alone (group numbers already resolved).
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
        for characteristic in changes.removedCharacteristics { try removeUserDataItems("tagc") { $0 == Array(characteristic.utf8) } }
        for characteristic in changes.addedCharacteristics { try addCharacteristic(characteristic) }
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
        if !name.isEmpty { try appendUserData(TrackNameBox(name: name).makeBox()) }
    }

    mutating func addCharacteristic(_ characteristic: String) throws(BoxError) {
        let bytes = Array(characteristic.utf8)
        let present = try userDataItems("tagc").contains { $0 == bytes }
        if !present { try appendUserData(MediaCharacteristicTagBox(characteristic: characteristic).makeBox()) }
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

    /// Sets the creation and modification times of `tkhd` and `mdhd` to 0.
    mutating func clearHeaderTimes() throws(BoxError) {
        try updateHeader { $0.creationTime = 0; $0.modificationTime = 0 }
        guard var mdia = trak.child("mdia"), let mdhd = mdia.child("mdhd") else { return }
        var header = try MediaHeaderBox(mdhd.loaded(limits: limits))
        header.timing.creationTime = 0
        header.timing.modificationTime = 0
        mdia.modifyChild("mdhd") { $0.setPayload(header) }
        trak.modifyChild("mdia") { $0 = mdia }
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

    private mutating func appendUserData(_ item: Box) throws(BoxError) {
        guard var udta = try editableUserData() else {
            trak.setChildren(trak.children + [Box(type: "udta", children: [item])])
            return
        }
        udta.setChildren(udta.children + [item])
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
