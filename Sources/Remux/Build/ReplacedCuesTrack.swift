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

    /// The rebuilt `trak`, and what the subtitle track builder made, its track given the old
    /// one's properties.
    func build(_ request: CueReplacementRequest, source: Track, trak old: Box,
               trackID: UInt32) throws(EditError) -> (trak: Box, built: SubtitleTrackBuilder.Result) {
        // Only tx3g: a wvtt track's description holds a header and label the cues do not.
        guard source.codec == "tx3g" else {
            throw .cannotReplaceCues(trackID: source.id, format: source.codec)
        }
        var built = try builder.build(SubtitleTrackRequest(cues: request.cues, format: .tx3g), trackID: trackID)
        let trak = try boxing(grafted(&built.track, handler: built.handler, into: old))
        return (trak, built)
    }

    /// `old` with the built track's header and media, given the old track's header flags,
    /// group, layer, volume and (when an edit list, kept, says how long the track plays)
    /// duration, its `mdhd` language, its `elng`, and its `hdlr` when the handler is the same.
    private func grafted(_ track: inout TrackBuilder, handler: FourCC, into old: Box) throws(BoxError) -> Box {
        guard let oldHeader = old.child("tkhd"), let oldMedia = old.child("mdia") else {
            throw BoxError(.missingBox("a subtitle track to rebuild has no tkhd or mdia"), at: old.location)
        }
        let previous = try TrackHeaderBox(oldHeader.loaded(limits: limits))
        track.header.flags = previous.flags
        track.header.alternateGroup = previous.alternateGroup
        track.header.layer = previous.layer
        track.header.volume = previous.volume
        if old.child("edts") != nil { track.header.duration = previous.duration }
        if let oldMediaHeader = oldMedia.child("mdhd") {
            track.mediaHeader.language = try MediaHeaderBox(oldMediaHeader.loaded(limits: limits)).language
        }
        if let oldHandler = oldMedia.child("hdlr"), try HandlerBox(oldHandler.loaded(limits: limits)).handlerType == handler {
            track.mediaBoxes = [oldHandler]
        }
        if let language = oldMedia.child("elng") { track.mediaBoxes.insert(language, at: 0) }
        let header = track.header.makeBox()
        let media = track.media()
        var trak = old
        trak.setChildren(old.children.map { child in
            switch child.type {
            case "tkhd": header
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
