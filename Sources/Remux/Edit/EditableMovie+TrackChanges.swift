import ISOBMFF
import Movie

extension EditableMovie {
    /// Changes to existing tracks, in the plan's order: the handler and the text box (which need
    /// the rest of the movie) first, then the track's own properties, its group resolved among
    /// the tracks as they are by then.
    mutating func applyTrackChanges() throws(EditError) {
        for request in plan.trackChanges where !request.changes.isEmpty {
            let index = try index(of: request.trackID)
            let changes = request.changes
            if let handler = changes.handler {
                try tracks[index].editor.setHandler(handler, isChapterTrack: tracks[index].isChapterTrack)
                tracks[index].handler = handler
            }
            if changes.fitsTextBoxToVideo {
                try tracks[index].editor.fitTextBoxToVideo(width: mainVideoSize.width, height: mainVideoSize.height)
            }
            let group = resolve(changes.alternateGroup, for: request.trackID)
            try boxing(tracks[index].editor.apply(changes, group: group))
            if let group { tracks[index].group = group }
            if changes.makesDefault { defaults.append(request.trackID) }
            try checkReferences(changes.addedReferences)
        }
    }
}
