import ISOBMFF
import Language

/// The media-selection menus a player builds from a movie: groups of alternative tracks per
/// media characteristic (visual, audible, legible) and alternate group, each option labelled
/// and tagged as Apple's players do.
///
/// QTFF "Preparing sound and subtitle alternate groups"; AVFoundation AVMediaSelectionGroup.
/// A regular subtitle track with a `forc` reference and its forced-only twin form one option.
/// Chapter tracks of any media type (titles in a text track, images in a `jpeg` or `png` video
/// track) are left out: QTFF "Chapter lists" — a chapter track is referenced by `chap` and is
/// navigation, not an alternative to the program's media. So are tracks that are neither visual,
/// audible nor legible.
public struct MediaSelection: Sendable, Equatable {
    /// The groups, in the order of their first track.
    public var groups: [SelectionGroup]

    /// The menus a player builds from `movie`'s tracks.
    public init(movie: Movie) {
        let chapterTracks = movie.chapterTrackIDs
        let forcedTwins = Set(movie.tracks.flatMap { $0.referencedTrackIDs(TrackReference.forcedSubtitlesOnly) })
        var groups: [SelectionGroup] = []
        for track in movie.tracks {
            guard let characteristic = SelectionGroup.Characteristic(track.mediaType),
                  !chapterTracks.contains(track.id),
                  !forcedTwins.contains(track.id) else { continue }
            let option = SelectionOption(track: track, movie: movie)
            let key = track.header.alternateGroup
            if let index = groups.firstIndex(where: { $0.characteristic == characteristic && $0.alternateGroup == key }) {
                groups[index].options.append(option)
            } else {
                groups.append(SelectionGroup(characteristic: characteristic, alternateGroup: key, options: [option]))
            }
        }
        self.groups = groups
    }
}

/// Options that replace one another: tracks of one characteristic sharing an alternate group
/// (group 0 collects the tracks that are in no group and so all play).
public struct SelectionGroup: Sendable, Equatable {
    /// What a group's options are for, as AVFoundation names it.
    public enum Characteristic: String, Sendable, Codable {
        /// Video: AVFoundation's `AVMediaCharacteristicVisual`.
        case visual
        /// Sound: `AVMediaCharacteristicAudible`.
        case audible
        /// Subtitles and captions: `AVMediaCharacteristicLegible`.
        case legible

        /// The characteristic of tracks of `mediaType`; nil for media no menu offers.
        public init?(_ mediaType: MediaType) {
            switch mediaType {
            case .video: self = .visual
            case .audio: self = .audible
            case .subtitle, .text, .closedCaption: self = .legible
            default: return nil
            }
        }
    }

    /// What the options are for.
    public var characteristic: Characteristic
    /// The alternate group; 0 for tracks in no group.
    public var alternateGroup: Int16
    /// The options, in track order.
    public var options: [SelectionOption]

    /// The option a player picks by default: the enabled track, if exactly one is enabled.
    public var defaultOption: SelectionOption? {
        let enabled = options.filter(\.isEnabled)
        return enabled.count == 1 ? enabled.first : nil
    }
}

/// One entry of a selection menu.
public struct SelectionOption: Sendable, Equatable {
    /// The track the option plays.
    public var trackID: UInt32
    /// The forced-only twin shown when subtitles are off (`forc`), if any.
    public var forcedOnlyTrackID: UInt32?
    /// `elng` when present, else the `mdhd` language (ISO 639-2/T).
    public var language: String
    /// Tagged (`tagc`) and implied characteristics.
    public var characteristics: [String]
    /// The label a menu shows: the language's name, with SDH, CC, Forced or the like.
    public var displayName: String
    /// Whether the track shows forced subtitles only.
    public var isForcedOnly: Bool
    /// Whether the track is enabled.
    public var isEnabled: Bool
    /// Subtitle tracks this (audio) option asks to be selected with it (`folw`).
    public var followers: [UInt32]
    /// The track's name (`udta/name`), if it has one.
    public var name: String?

    /// The option `track` would be in a menu; also how a `forc` twin, folded into its regular
    /// track's option, is described on its own (HLS and HTML list it as a rendition of its own).
    public init(track: Track, movie: Movie) {
        trackID = track.id
        forcedOnlyTrackID = track.referencedTrackIDs(TrackReference.forcedSubtitlesOnly).first
        language = track.displayLanguage
        characteristics = Self.characteristics(of: track)
        isForcedOnly = characteristics.contains(MediaCharacteristic.containsOnlyForcedSubtitles)
        isEnabled = track.isEnabled
        followers = track.referencedTrackIDs(TrackReference.selectionFollower)
        name = track.name
        displayName = Self.displayName(language: language, mediaType: track.mediaType, characteristics: characteristics)
    }

    /// Tagged characteristics plus those players infer: closed captions are accessible
    /// transcriptions, an all-forced `tx3g` description means forced-only, `txas` in a group
    /// means auxiliary content, and MP4 `kind` boxes with DASH roles (ISO/IEC 23009-1 §5.8.5.5)
    /// say the same things: `caption` on subtitles is an SDH track (ffmpeg reads it as
    /// hearing_impaired), `forced-subtitle` is forced-only, `description` on audio describes the video.
    public static func characteristics(of track: Track) -> [String] {
        var result = track.userData.characteristics
        func add(_ value: String) { if !result.contains(value) { result.append(value) } }
        let kinds = track.userData.kinds
        if track.mediaType == .closedCaption || (track.mediaType.isLegible && kinds.contains(.dashCaption)) {
            MediaCharacteristic.subtitlesForDeafAndHardOfHearing.forEach(add)
        }
        if track.mediaType.isLegible && kinds.contains(.dashForcedSubtitle) {
            add(MediaCharacteristic.containsOnlyForcedSubtitles)
        }
        if track.mediaType == .audio && kinds.contains(.dashDescription) {
            add(MediaCharacteristic.describesVideo)
        }
        if track.subtitleDisplayFlags?.contains(.allSamplesForced) == true {
            add(MediaCharacteristic.containsOnlyForcedSubtitles)
        }
        if track.isExcludedFromAutoselection && track.header.alternateGroup != 0 {
            add(MediaCharacteristic.auxiliaryContent)
        }
        return result
    }

    /// "English", "English SDH", "Spanish (Forced)", "French CC", "English AD",
    /// "Unknown language".
    /// How a menu labels an option: the language's name plus what sets the option apart
    /// ("English SDH", "Spanish (Forced)", "English CC"), with the language named as `naming` says.
    public static func displayName(language: String, mediaType: MediaType, characteristics: [String],
                                   naming: LanguageNaming = .english) -> String {
        let base = naming.name(for: language) ?? "Unknown language"
        let has = { (value: String) in characteristics.contains(value) }
        switch mediaType {
        case .closedCaption:
            return has(MediaCharacteristic.easyToRead) ? "\(base) CC Easy Reader" : "\(base) CC"
        case .subtitle, .text:
            if MediaCharacteristic.areSDH(characteristics) { return "\(base) SDH" }
            if has(MediaCharacteristic.containsOnlyForcedSubtitles) { return "\(base) (Forced)" }
            if has(MediaCharacteristic.easyToRead) { return "\(base) Easy Reader" }
            return base
        case .audio:
            return has(MediaCharacteristic.describesVideo) ? "\(base) AD" : base
        default:
            return base
        }
    }
}
