import ISOBMFF
import Movie
import TimedText

/// A subtitle track rebuilt from new cues (``CueReplacementRequest``): the subtitle track
/// builder's samples, sample description and media timing, in the old track's place otherwise —
/// its header flags, group, layer and volume, language (`mdhd`, `elng`), handler, references,
/// edit list, user data and every other box it has.
struct ReplacedCuesTrack {
    let builder: SubtitleTrackBuilder
    let limits: Limits

    func build(_ request: CueReplacementRequest, source: Track, trak old: Box, trackID: UInt32) throws(EditError) -> SubtitleTrackBuilder.Result {
        // Only tx3g: a wvtt track's description holds a header and label the cues do not.
        guard source.codec == "tx3g" else {
            throw .cannotReplaceCues(trackID: source.id, format: source.codec)
        }
        var built = try builder.build(SubtitleTrackRequest(cues: request.cues, format: .tx3g), trackID: trackID)
        built.trak = try boxing(grafted(built.trak, into: old))
        return built
    }

    /// `old` with the built track's ID, duration, size and media.
    private func grafted(_ built: Box, into old: Box) throws(BoxError) -> Box {
        guard let builtHeader = built.child("tkhd"), let oldHeader = old.child("tkhd"),
              var media = built.child("mdia"), let oldMedia = old.child("mdia") else {
            throw BoxError(.missingBox("a subtitle track to rebuild has no tkhd or mdia"), at: old.location)
        }
        var header = try TrackHeaderBox(builtHeader.loaded(limits: limits))
        let previous = try TrackHeaderBox(oldHeader.loaded(limits: limits))
        header.flags = previous.flags
        header.alternateGroup = previous.alternateGroup
        header.layer = previous.layer
        header.volume = previous.volume
        // An edit list (kept) says how long the track plays.
        if old.child("edts") != nil { header.duration = previous.duration }

        if let oldMediaHeader = oldMedia.child("mdhd"), let builtMediaHeader = media.child("mdhd") {
            var mediaHeader = try MediaHeaderBox(builtMediaHeader.loaded(limits: limits))
            mediaHeader.language = try MediaHeaderBox(oldMediaHeader.loaded(limits: limits)).language
            media.modifyChild("mdhd") { $0.setPayload(mediaHeader) }
        }
        let builtHandler = try media.child("hdlr").map { (box: Box) throws(BoxError) in try HandlerBox(box.loaded(limits: limits)) }
        let oldHandler = try oldMedia.child("hdlr").map { (box: Box) throws(BoxError) in try HandlerBox(box.loaded(limits: limits)) }
        var mediaChildren: [Box] = []
        for child in media.children {
            if child.type == "hdlr", let oldBox = oldMedia.child("hdlr"), oldHandler?.handlerType == builtHandler?.handlerType {
                mediaChildren.append(oldBox)
            } else {
                mediaChildren.append(child)
            }
            if child.type == "mdhd", let language = oldMedia.child("elng") { mediaChildren.append(language) }
        }
        media.setChildren(mediaChildren)

        var trak = old
        trak.setChildren(old.children.map { child in
            switch child.type {
            case "tkhd": header.makeBox()
            case "mdia": media
            default: child
            }
        })
        return trak
    }
}

extension TrackBoxEditor {
    /// Points every reference to `old` at `new`, in place.
    mutating func redirectReferences(from old: UInt32, to new: UInt32) throws(BoxError) {
        guard let tref = trak.child("tref") else { return }
        var children: [Box] = []
        for child in tref.children {
            let decoded = try TrackReferenceTypeBox(reference: child.loaded(limits: limits))
            children.append(decoded.trackIDs.contains(old)
                ? TrackReferenceTypeBox(referenceType: child.type, trackIDs: decoded.trackIDs.map { $0 == old ? new : $0 }).makeBox()
                : child)
        }
        _ = trak.modifyChild("tref") { $0.setChildren(children) }
    }
}
