import ISOBMFF
import Language
import Movie
import TextTracks
import TimedText

/// One legible track as it is delivered beside the video: how a menu labels it, its language
/// and characteristics, whether it is the default or forced-only, and its cues on the movie
/// timeline.
public struct DeliveryTrack: Sendable {
    /// The track's ID in the movie.
    public var trackID: UInt32
    /// The menu label, as `legible info` shows the option ("English SDH", "Spanish (Forced)"),
    /// made unique among the movie's legible tracks (see ``DeliveryTrack/all(in:naming:defaultTrack:)``).
    public var name: String
    /// BCP 47, shortest form (``DeliveryLanguage``).
    public var language: String
    /// The `tagc` strings exactly as the file has them, in order.
    public var taggedCharacteristics: [String]
    /// Tagged and implied characteristics (`SelectionOption.characteristics(of:)`): what kind
    /// of text this is.
    public var characteristics: [String]
    /// Shows only forced subtitles: tagged or flagged so, or the `forc` twin of a regular track.
    public var isForcedOnly: Bool
    /// The option a player picks by default (see ``DeliveryTrack/all(in:naming:defaultTrack:)``).
    public var isDefault: Bool
    /// Auxiliary content (`public.auxiliary-content`), which players never select automatically.
    public var isAuxiliary: Bool
    /// Closed captions (`clcp`) or text describing music and sound: captions rather than subtitles.
    public var isCaptions: Bool
    /// The cues on the movie timeline.
    public var cues: [Cue]
    /// A `wvtt` track's STYLE and REGION blocks, kept in every file written for it.
    public var header: WebVTTHeader?

    /// The movie's legible tracks in track order: every option of the legible selection groups
    /// (`MediaSelection`: subtitle, text and closed-caption tracks, chapter tracks left out)
    /// and the forced-only twin (`forc`) of each, which the menu folds into its regular track but
    /// HLS and HTML list on their own.
    ///
    /// The default is the group's enabled option (`SelectionGroup.defaultOption`); where
    /// several legible groups each have one, the first in track order, as HLS allows at most one
    /// DEFAULT=YES per group (RFC 8216 §4.3.4.1.1) and HTML at most one `default` track. Names
    /// that would repeat get " (track N)" so each is unique (RFC 8216 §4.3.4.1.1: "Each member
    /// in a Group of Renditions MUST have a different NAME attribute").
    ///
    /// Tracks whose samples are not text (CEA-708 in `c708`, for example) are left out and named
    /// in `skipped` (with the notes above); any other reading problem is an error, and so is a
    /// track whose media is in another file (``SelfContainedMedia``).
    ///
    /// An accessibility option (SDH or closed captions) is not the default unless `defaultTrack`
    /// names it: such options are for viewers who ask for them (AVMediaFormat.h), and a default
    /// rendition plays for everyone "in the absence of information from the user" (RFC 8216
    /// §4.3.4.1). `defaultTrack` names the default outright. A full track lacking forced cues of
    /// its forced-only twin (`ForcedCueCoverage`) gets them, since viewers who turn its
    /// subtitles on see it alone (Apple's HLS Authoring Specification: "include all the forced
    /// subtitle content in the non-forced subtitle playlist"); each such addition is a note.
    /// `withheld` is the movie's default left out as an accessibility option, whose note is among
    /// the notes too.
    public static func all(in movie: Movie, naming: LanguageNaming = .english, defaultTrack: UInt32? = nil)
        throws(DeliveryError) -> (tracks: [DeliveryTrack], skipped: [String], withheld: [WithheldDefault]) {
        let groups = MediaSelection(movie: movie).groups.filter { $0.characteristic == .legible }
        var options = groups.flatMap(\.options)
        let twins = options.compactMap(\.forcedOnlyTrackID)
        for twin in twins where !options.contains(where: { $0.trackID == twin }) {
            if let track = movie.track(id: twin) { options.append(SelectionOption(track: track, movie: movie)) }
        }
        let order = Dictionary(movie.tracks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        options.sort { (order[$0.trackID] ?? 0) < (order[$1.trackID] ?? 0) }
        let defaultID = groups.compactMap(\.defaultOption).min { (order[$0.trackID] ?? 0) < (order[$1.trackID] ?? 0) }?.trackID

        var result: [DeliveryTrack] = []
        var skipped: [String] = []
        for option in options {
            guard let track = movie.track(id: option.trackID) else { continue }
            try SelfContainedMedia.require([track])
            let content: TextTrackContent
            do {
                content = try TextTrackReader.content(of: track, in: movie)
            } catch {
                if case .notText = error {
                    skipped.append("track \(track.id): \(error)")
                    continue
                }
                throw .unreadableTrack(trackID: track.id, error)
            }
            let timeline = try TrackTimeline(track: track, movie: movie)
            let characteristics = option.characteristics
            result.append(DeliveryTrack(
                trackID: track.id,
                name: SelectionOption.displayName(language: option.language, mediaType: track.mediaType,
                                                  characteristics: option.characteristics, naming: naming), language: DeliveryLanguage.tag(for: option.language),
                taggedCharacteristics: track.userData.characteristics, characteristics: characteristics,
                isForcedOnly: option.isForcedOnly || twins.contains(track.id), isDefault: track.id == defaultID,
                isAuxiliary: characteristics.contains(MediaCharacteristic.auxiliaryContent),
                isCaptions: track.mediaType == .closedCaption || characteristics.contains(MediaCharacteristic.describesMusicAndSound),
                cues: timeline.movieCues(content.cues), header: content.header))
        }
        guard !result.isEmpty else {
            if let first = skipped.first { throw .invalidParameter("no legible track holds text: \(first)") }
            throw .noLegibleTracks
        }
        var notes = skipped
        if let defaultTrack, !result.contains(where: { $0.trackID == defaultTrack }) {
            throw .invalidParameter("track \(defaultTrack) is not one of the subtitle tracks delivered (\(result.map { String($0.trackID) }.joined(separator: ", ")))")
        }
        let chosen = DeliveryDefault.choose(enabled: defaultID, named: defaultTrack, kind: "subtitle", accessibility: "SDH or captions") { id in
            result.contains { $0.trackID == id && $0.isCaptions }
        }
        for index in result.indices { result[index].isDefault = result[index].trackID == chosen.trackID }
        notes += [chosen.withheld?.note].compactMap { $0 }
        for pair in ForcedCueCoverage.pairs(in: movie) where !pair.missing.isEmpty {
            guard let full = result.firstIndex(where: { $0.trackID == pair.fullTrackID }),
                  let forced = result.first(where: { $0.trackID == pair.forcedTrackID }) else { continue }
            let added = ForcedCueCoverage.missing(forced.cues, from: result[full].cues)
            guard !added.isEmpty else { continue }
            result[full].cues = (result[full].cues + added).enumerated()
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            notes.append("track \(pair.fullTrackID): added \(added.count) forced cue\(added.count == 1 ? "" : "s") of track \(pair.forcedTrackID) it lacked, so viewers who turn these subtitles on see them too")
        }
        return (uniquelyNamed(result), notes, [chosen.withheld].compactMap { $0 })
    }

    /// Tracks whose name an earlier track already has get " (track N)".
    static func uniquelyNamed(_ tracks: [DeliveryTrack]) -> [DeliveryTrack] {
        var seen: Set<String> = []
        return tracks.map { track in
            var track = track
            if seen.contains(track.name) { track.name += " (track \(track.trackID))" }
            seen.insert(track.name)
            return track
        }
    }

    /// `movie.5.es`: a file name stem naming the movie, the track and its language.
    public func fileStem(movieName: String) -> String {
        "\(movieName).\(trackID).\(language)"
    }
}
