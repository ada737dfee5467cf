import ISOBMFF
import Language
import Movie

/// Lints a movie against the documented rules of QuickTime/AVFoundation media selection and
/// accessibility practice (``CheckRule``): what a player's menus and automatic selection will
/// make of its tracks, groups, languages, characteristics and references.
///
/// Reads the movie structure, and the text of subtitle tracks that form a forced pair (within
/// `SampleDataReader.textTrack`'s budget), never other sample data. Each finding names its rule and, where
/// one exists, the track change that repairs it.
public struct MovieCheck: Sendable {
    /// The movie checked.
    public let movie: Movie
    /// Every finding, most severe first, then by track.
    public let findings: [Finding]

    /// Checks `movie`; the findings are ready when this returns.
    public init(movie: Movie) {
        self.movie = movie
        let context = CheckContext(movie: movie)
        var found = context.trackIDFindings() + context.groupFindings() + context.languageFindings() + context.characteristicFindings()
            + context.referenceFindings() + context.textTrackFindings() + context.playbackFindings()
        // The remux engine does not edit fragmented movies, so no command could make a fix.
        if movie.isFragmented { found = found.map { finding in
            var unfixable = finding
            unfixable.fix = nil
            return unfixable
        } }
        findings = found.enumerated().sorted { lhs, rhs in
            (lhs.element.severity, lhs.element.trackID ?? 0, lhs.offset) < (rhs.element.severity, rhs.element.trackID ?? 0, rhs.offset)
        }.map(\.element)
    }

    /// Whether a finding at error level remains.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The repairs `check --fix` makes unasked: every automatic fix of a finding at error or
    /// warning level, in finding order (an information finding's fix is only suggested).
    public var automaticFixes: [TrackFix] {
        findings.filter { $0.severity != .info }.compactMap(\.fix).filter(\.isAutomatic)
    }

}

/// What the rules share: the movie, its tracks by role, and how to name a track in a sentence.
struct CheckContext {
    let movie: Movie
    let chapterTrackIDs: Set<UInt32>

    init(movie: Movie) {
        self.movie = movie
        chapterTrackIDs = movie.chapterTrackIDs
    }

    var tracks: [Track] { movie.tracks }

    func track(_ id: UInt32) -> Track? { movie.track(id: id) }

    /// Tracks a selection menu can offer: visual, audible or legible, and not a chapter track.
    var selectableTracks: [Track] {
        tracks.filter { !chapterTrackIDs.contains($0.id) && SelectionGroup.Characteristic($0.mediaType) != nil }
    }

    var legibleTracks: [Track] { selectableTracks.filter { $0.mediaType.isLegible } }

    /// The audio a player starts with: the enabled sound track (first one in a group first).
    var mainAudio: Track? {
        let audio = tracks.filter { $0.mediaType == .audio }
        return audio.first { $0.isEnabled && $0.header.alternateGroup != 0 } ?? audio.first(where: \.isEnabled) ?? audio.first
    }

    /// "subtitle track 5" — how a finding names a track.
    func name(_ track: Track) -> String { "\(Self.kind(of: track.mediaType)) track \(track.id)" }

    func name(_ id: UInt32) -> String { track(id).map(name) ?? "track \(id)" }

    static func kind(of type: MediaType) -> String {
        switch type {
        case .closedCaption: "closed-caption"
        case .other: "track"
        default: type.rawValue
        }
    }

    /// The language players show for a track, as "Spanish (spa)".
    func languageLabel(_ track: Track) -> String {
        let tag = track.displayLanguage
        return LanguageName.englishName(for: tag).map { "\($0) (\(tag))" } ?? "'\(tag)'"
    }

    /// The language a track's option is listed under, normalised for comparison (`es-MX` and
    /// `spa` both compare as `spa-MX` / `spa`).
    func comparableLanguage(_ track: Track) -> String {
        let tag = track.displayLanguage
        guard let parsed = try? LanguageTag(parsing: tag) else { return tag.lowercased() }
        return ([parsed.iso639Code] + [parsed.script, parsed.region].compactMap { $0 }).joined(separator: "-").lowercased()
    }

    func isForcedOnly(_ track: Track) -> Bool {
        SelectionOption.characteristics(of: track).contains(MediaCharacteristic.containsOnlyForcedSubtitles)
    }
}
