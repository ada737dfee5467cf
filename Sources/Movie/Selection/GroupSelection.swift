/// What automatic selection does in one selection group: the option it picks and why, the
/// tracks that come with it, and the questions the documentation leaves open.
public struct GroupSelection: Sendable, Equatable {
    /// The chosen option.
    public struct Choice: Sendable, Equatable {
        /// The option's track, as `legible info` lists the group's options (for a `forc` pair,
        /// the regular track).
        public var trackID: UInt32
        /// The option's label, as Apple players show it ("English SDH").
        public var displayName: String
        /// Why this option: the rule of the automatic selection that chose it.
        public var reason: String
    }

    /// Which cues of a selected legible option are shown.
    public enum SubtitleDisplay: String, Sendable, Equatable {
        /// Subtitles are on: every cue.
        case all
        /// Subtitles are off, but the track is selected so its forced cues show (QTFF: "any
        /// available appropriate subtitle track should be enabled so that any forced subtitles in
        /// the track can be displayed").
        case forcedOnly = "forced-only"
    }

    /// The group's characteristic and alternate group, as in ``MediaSelection``.
    public var characteristic: SelectionGroup.Characteristic
    /// The alternate group.
    public var alternateGroup: Int16
    /// Nil when nothing is selected; ``reason`` then says why.
    public var selected: Choice?
    /// Other tracks enabled because of this choice: the forced-only twin (`forc`) of a selected
    /// pair when only forced cues show (QTFF: the player "must select … the forced-only subtitle
    /// track if subtitle display is off"), or the other enabled tracks of alternate group 0.
    public var alsoEnabled: [UInt32]
    /// For a legible group with a selection, which of its cues show.
    public var subtitleDisplay: SubtitleDisplay?
    /// Where the documented behaviour leaves the choice to the player (two options equally good,
    /// no single enabled default, …), said rather than guessed silently.
    public var openQuestions: [String]
    /// Why this option, or why none.
    public var reason: String

    init(group: SelectionGroup, selected: SelectionOption?, reason: String, alsoEnabled: [UInt32] = [],
         subtitleDisplay: SubtitleDisplay? = nil, openQuestions: [String] = []) {
        characteristic = group.characteristic
        alternateGroup = group.alternateGroup
        self.selected = selected.map { Choice(trackID: $0.trackID, displayName: $0.displayName, reason: reason) }
        self.alsoEnabled = alsoEnabled
        self.subtitleDisplay = selected == nil ? nil : subtitleDisplay
        self.openQuestions = openQuestions
        self.reason = reason
    }
}
