import ISOBMFF
import Language

/// Properties of a track to set, each optional: nil (or empty) leaves the property as it is.
/// The same value describes an edit of an existing track (`set-track`) and the properties of a
/// new one (`add-subtitles`). It is the vocabulary the checker (which proposes changes) and the
/// writer (which makes them) share, so it lives with the model both read.
public struct TrackChanges: Sendable {
    /// The language: `mdhd` gets its ISO 639-2/T code; `elng` the full tag when it says more
    /// (and an `elng` that would contradict a new language is removed).
    public var language: LanguageTag?
    /// The track name (`udta/name`); an empty name removes it.
    public var name: String?
    /// The alternate group.
    public var alternateGroup: AlternateGroupChoice?
    /// Enables or disables the track.
    public var isEnabled: Bool?
    /// Enables the track and disables the other tracks of its alternate group (one enabled
    /// track per group is what players take as the default).
    public var makesDefault: Bool
    /// `tagc` characteristics to add (duplicates are not written twice).
    public var addedCharacteristics: [String]
    /// `tagc` characteristics to remove; a tag that is the characteristic followed by NUL
    /// bytes goes too (some tools write one, and players compare tags exactly, so ignore it).
    /// Removal comes before addition, so removing and adding X turns `X\0` into `X`.
    public var removedCharacteristics: [String]
    /// References to add (`folw`, `forc`, `chap`, `cdsc`, …).
    public var addedReferences: [TrackReference]
    /// References to remove; an empty track list removes every reference of that type.
    public var removedReferences: [TrackReference]
    /// A new handler type. The one conversion is a QuickTime `text` track whose sample
    /// description is `tx3g` to a subtitle track, `sbtl` (QTFF "Subtitle media"); anything
    /// else is refused, and the handler the track has already changes nothing. Only for
    /// existing tracks: new subtitle tracks are built with their handler.
    public var handler: FourCC?
    /// Sets a `tx3g` track's size and matrix from its default text box and the main video, as
    /// QTFF "Subtitle track header size and placement" describes and new subtitle tracks get
    /// them. Only for existing tracks.
    public var fitsTextBoxToVideo: Bool

    /// Creates changes; whatever is left out stays as it is.
    public init(language: LanguageTag? = nil, name: String? = nil, alternateGroup: AlternateGroupChoice? = nil,
                isEnabled: Bool? = nil, makesDefault: Bool = false, addedCharacteristics: [String] = [],
                removedCharacteristics: [String] = [], addedReferences: [TrackReference] = [],
                removedReferences: [TrackReference] = [], handler: FourCC? = nil, fitsTextBoxToVideo: Bool = false) {
        self.language = language
        self.name = name
        self.alternateGroup = alternateGroup
        self.isEnabled = isEnabled
        self.makesDefault = makesDefault
        self.addedCharacteristics = addedCharacteristics
        self.removedCharacteristics = removedCharacteristics
        self.addedReferences = addedReferences
        self.removedReferences = removedReferences
        self.handler = handler
        self.fitsTextBoxToVideo = fitsTextBoxToVideo
    }

    /// Whether nothing is to change.
    public var isEmpty: Bool {
        language == nil && name == nil && alternateGroup == nil && isEnabled == nil && !makesDefault
            && addedCharacteristics.isEmpty && removedCharacteristics.isEmpty
            && addedReferences.isEmpty && removedReferences.isEmpty && handler == nil && !fitsTextBoxToVideo
    }

}

/// Which alternate group a track goes to.
public enum AlternateGroupChoice: Sendable, Hashable {
    /// The group of the other legible tracks (subtitles and captions, chapter tracks aside), or
    /// a group number no track uses.
    case automatic
    /// This group; 0 takes the track out of every group.
    case number(Int16)
}

/// Changes to one existing track.
public struct TrackChangeRequest: Sendable {
    /// The ID of the track to change.
    public var trackID: UInt32
    /// The changes to make.
    public var changes: TrackChanges

    /// Creates a request to make `changes` to the track `trackID`.
    public init(trackID: UInt32, changes: TrackChanges) {
        self.trackID = trackID
        self.changes = changes
    }
}
