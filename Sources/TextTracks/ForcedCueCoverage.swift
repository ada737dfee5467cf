import ISOBMFF
import Language
import Movie
import TimedText

/// Forced subtitles a viewer loses by turning subtitles on: the cues of a forced-only track that
/// its language's full subtitle track does not show. Players show the forced-only track while
/// subtitles are off and the full one while they are on (QTFF "Referencing a related forced
/// subtitle track"), so the full track must hold every forced cue too; Apple's HLS authoring
/// specification asks the same of renditions ("include all the forced subtitle content in the
/// non-forced subtitle playlist").
///
/// `check` and `qc` report these; `hls` puts the missing cues into the full rendition.
public struct ForcedCueCoverage: Sendable {
    /// Where the rule comes from, for the findings that report it.
    public static let source = "QTFF, Subtitle media: Referencing a related forced subtitle track; Apple HLS Authoring Specification (forced subtitle content in the non-forced subtitle playlist)"

    /// A forced-only track and the full track of its language, with the forced cues the full
    /// track lacks.
    public struct Pair: Sendable {
        /// The full subtitle track.
        public var fullTrackID: UInt32
        /// Its forced-only twin.
        public var forcedTrackID: UInt32
        /// The forced-only track's cues (media time) the full track has no cue for.
        public var missing: [Cue]
        /// Their numbers among the forced-only track's cues (1-based, as `legible extract`
        /// numbers them), in the order of ``missing``.
        public var missingCueNumbers: [Int]
        /// The other way round: the numbers among the full track's cues of those it marks
        /// forced (`ForcedDisplay`: a `tx3g` `frcd`, an `stpp` cue's `itts:forcedDisplay`) whose
        /// forced text the forced-only track does not show, so viewers with subtitles off, who
        /// see the forced-only track, miss it.
        public var markedCueNumbersNotInTwin: [Int]
    }

    /// Every pair in `movie`: a `forc` reference from a full track to its forced-only twin, or,
    /// for a forced-only track no `forc` names, each full subtitle track of its language and
    /// alternate group. Tracks whose text cannot be read are left out.
    public static func pairs(in movie: Movie) -> [Pair] {
        let chapters = movie.chapterTrackIDs
        let legible = movie.tracks.filter { $0.mediaType.isLegible && !chapters.contains($0.id) }
        let forcedOnly = legible.filter { SelectionOption.characteristics(of: $0).contains(MediaCharacteristic.containsOnlyForcedSubtitles) }
        var pairs: [(full: Track, forced: Track)] = []
        for full in legible where !forcedOnly.contains(where: { $0.id == full.id }) {
            for id in full.referencedTrackIDs(TrackReference.forcedSubtitlesOnly) {
                if let forced = movie.track(id: id) { pairs.append((full, forced)) }
            }
        }
        let paired = Set(pairs.map(\.forced.id))
        for forced in forcedOnly where !paired.contains(forced.id) {
            for full in legible where full.id != forced.id && !forcedOnly.contains(where: { $0.id == full.id })
                && full.header.alternateGroup == forced.header.alternateGroup
                && sameLanguage(full, forced) {
                pairs.append((full, forced))
            }
        }
        return pairs.compactMap { pair in
            guard let full = try? TextTrackReader.content(of: pair.full, in: movie).cues,
                  let forced = try? TextTrackReader.content(of: pair.forced, in: movie).cues else { return nil }
            let indexes = missingIndexes(forced, from: full)
            let marked = full.indices.compactMap { index in ForcedDisplay.shown(of: full[index]).map { (number: index + 1, cue: $0) } }
            return Pair(fullTrackID: pair.full.id, forcedTrackID: pair.forced.id, missing: indexes.map { forced[$0] },
                        missingCueNumbers: indexes.map { $0 + 1 },
                        markedCueNumbersNotInTwin: missingIndexes(marked.map(\.cue), from: forced).map { marked[$0].number })
        }
    }

    /// The cues of `forced` that no cue of `full` shows: one overlapping it in time whose text
    /// holds its text (spacing aside).
    public static func missing(_ forced: [Cue], from full: [Cue]) -> [Cue] {
        missingIndexes(forced, from: full).map { forced[$0] }
    }

    /// The positions in `forced` of the cues ``missing(_:from:)`` returns.
    public static func missingIndexes(_ forced: [Cue], from full: [Cue]) -> [Int] {
        forced.indices.filter { index in
            let cue = forced[index]
            let text = normalized(cue.text.plainText)
            return !full.contains { candidate in
                candidate.start < cue.end && cue.start < candidate.end && normalized(candidate.text.plainText).contains(text)
            }
        }
    }

    /// The same language and script, whatever the regions (`es` and `spa`, `es-MX` and `es`).
    private static func sameLanguage(_ one: Track, _ other: Track) -> Bool {
        guard let tag = try? LanguageTag(parsing: other.displayLanguage), tag.iso639Code != "und" else { return false }
        return LanguageMatch(language: one.displayLanguage, preference: tag) != .none
    }

    private static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
