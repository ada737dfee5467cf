import ISOBMFF
import Movie

extension EditableMovie {
    /// One enabled track per alternate group (QTFF "Preparing sound and subtitle alternate
    /// groups"): a default track disables the others of its group.
    mutating func applyDefaults() throws(EditError) {
        for defaultID in defaults {
            let group = tracks[try index(of: defaultID)].group
            guard group != 0 else { continue }
            for index in tracks.indices where tracks[index].id != defaultID && tracks[index].group == group {
                try boxing(tracks[index].editor.updateHeader { $0.flags.remove(.enabled) })
            }
        }
    }

    /// What the removal takes from the tracks that stay: references to removed tracks, header
    /// times, device names in handler and compressor names.
    mutating func applyRemoval() throws(EditError) {
        for trackID in removal.trackIDs where !tracks.contains(where: { $0.id == trackID }) {
            throw unknownTrack(trackID)
        }
        for index in tracks.indices {
            try boxing(tracks[index].editor.removeReferences(to: removal.trackIDs))
            if removal.clearsHeaderTimes { try boxing(tracks[index].editor.clearHeaderTimes()) }
            if removal.renamedHandlerTrackIDs.contains(tracks[index].id) { try boxing(tracks[index].editor.useConventionalHandlerNames()) }
            if removal.blankedCompressorTrackIDs.contains(tracks[index].id) { try boxing(tracks[index].editor.blankCompressorNames()) }
            if removal.bareDataReferenceTrackIDs.contains(tracks[index].id) { try boxing(tracks[index].editor.bareDataReferences()) }
        }
    }

    /// The edited `moov`: the source's tracks where they were, the added ones after the last of
    /// them, removed tracks and boxes out, and `mvhd` with the next track ID, the duration the
    /// new tracks need and, for a strip, no times.
    func assembled() throws(EditError) -> (moov: Box, trackOrder: [UInt32]) {
        var moov = movieBox
        let kept = tracks.filter { !removal.trackIDs.contains($0.id) }
        let sourceCount = tracks.count { !$0.isAdded }
        var next = 0
        var children: [Box] = []
        var order: [UInt32] = []
        for child in moov.children {
            guard child.type == "trak" else {
                children.append(child)
                continue
            }
            let track = tracks[next]
            next += 1
            if !removal.trackIDs.contains(track.id) {
                children.append(track.editor.trak)
                order.append(track.id)
            }
            if next == sourceCount {
                children += kept.filter(\.isAdded).map(\.editor.trak)
                order += kept.filter(\.isAdded).map(\.id)
            }
        }
        if sourceCount == 0 {
            children += kept.map(\.editor.trak)
            order += kept.map(\.id)
        }
        moov.setChildren(children)
        moov = moov.pruning(offsets: removal.boxOffsets)
        if var header = source.header, !addedTrackIDs.isEmpty || removal.clearsHeaderTimes {
            if !addedTrackIDs.isEmpty {
                header.nextTrackID = trackIDs.nextTrackID
                if duration > header.duration { header.timing.setDuration(duration) }
            }
            if removal.clearsHeaderTimes {
                header.timing.creationTime = 0
                header.timing.modificationTime = 0
            }
            moov.modifyChild("mvhd") { $0.setPayload(header) }
        }
        // The whole moov is rewritten uncompressed; its header is new.
        moov.header = BoxHeader(type: "moov", payloadSize: moov.payloadSize)
        return (moov, order)
    }
}
