import ISOBMFF
import Language
import Movie

/// One track of a movie being edited: its boxes, and the facts the plan's steps go by, each held
/// once and kept current as the steps change the track — its ID, handler, alternate group and
/// language — so a second new subtitle track joins the group the first one took.
struct EditableTrack {
    /// The track's boxes, changed through its methods.
    var editor: TrackBoxEditor
    var handler: FourCC?
    var group: Int16
    /// The language as `info` shows it (`elng` over `mdhd`), "und" when unknown.
    var language: String
    /// Enabled in the source (new tracks: false).
    let wasEnabled: Bool
    /// Listed in some track's `tref/chap`: players keep it out of the subtitle menu.
    let isChapterTrack: Bool
    /// Added by this edit.
    let isAdded: Bool

    var id: UInt32 { editor.trackID }
    var mediaType: MediaType { MediaType(handler: handler) }

    /// A track of the source movie.
    init(_ track: Track, trak: Box, isChapterTrack: Bool, limits: Limits) throws(EditError) {
        editor = try boxing(TrackBoxEditor(trak: trak, limits: limits))
        handler = track.handler?.handlerType
        group = track.header.alternateGroup
        language = track.displayLanguage
        wasEnabled = track.isEnabled
        self.isChapterTrack = isChapterTrack
        isAdded = false
    }

    /// A track the edit adds: its `trak` as built for track `trackID`.
    init(added trak: Box, trackID: UInt32, handler: FourCC, group: Int16, language: LanguageTag?, limits: Limits) {
        editor = TrackBoxEditor(built: trak, trackID: trackID, limits: limits)
        self.handler = handler
        self.group = group
        self.language = language?.description ?? "und"
        wasEnabled = false
        isChapterTrack = false
        isAdded = true
    }

    /// A track the edit adds, built with its final properties.
    init(added track: TrackBuilder, handler: FourCC, language: LanguageTag?, limits: Limits) throws(EditError) {
        self.init(added: try boxing(track.trak()), trackID: track.header.trackID, handler: handler, group: track.header.alternateGroup,
                  language: language, limits: limits)
    }
}
