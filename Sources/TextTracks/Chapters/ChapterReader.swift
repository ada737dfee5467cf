import ISOBMFF
import Movie
import TimedText

/// Reads a movie's chapters from both carriers: QuickTime chapter tracks (QTFF "Chapter
/// lists": a text track referenced by `tref/chap`) and Nero's `moov/udta/chpl`.
///
/// When a movie has both, the chapter track is shown: Apple players read only chapter tracks,
/// and FFmpeg (libavformat/mov.c) reads `chpl` while parsing `moov` and then lets the chapter
/// track's entries replace the `chpl` entries with the same index, so ffprobe shows the track
/// too. A chapter track that cannot be read leaves `chpl` shown, as ffprobe does. A movie with
/// one chapter track per language (QTFF "Chapter lists") has a list for each; the first is
/// shown, as a player picks one by its preferred languages.
public enum ChapterReader {
    /// The chapters of `movie`. Failures are `MovieChapters.problems`, so a damaged carrier
    /// does not hide a good one.
    public static func chapters(in movie: Movie) -> MovieChapters {
        var lists: [ChapterList] = []
        var problems: [BoxError] = []
        var unreadTrack: UInt32?
        for track in chapterTrackCandidates(in: movie) {
            do throws(BoxError) {
                lists.append(try trackChapters(track, in: movie))
            } catch {
                problems.append(error)
                if unreadTrack == nil { unreadTrack = track.id }
            }
        }
        let trackLists = lists.count
        if let chpl = movie.movieBox.child("udta")?.child("chpl") {
            do throws(BoxError) {
                lists.append(try neroChapters(chpl, in: movie))
            } catch {
                problems.append(error)
            }
        }
        var choice: String?
        if trackLists > 1 {
            choice = "one chapter track per language: a player shows the one that best matches its preferred languages; the first is shown here"
        } else if lists.count > 1 {
            choice = "the QuickTime chapter track is shown: Apple players read only chapter tracks, and ffmpeg lets a chapter track replace udta/chpl entry by entry"
        } else if let unreadTrack, lists.first?.carrier == .nero {
            choice = "chapter track \(unreadTrack) could not be read, so udta/chpl is shown (as ffprobe does)"
        }
        return MovieChapters(lists: lists, problems: problems, choice: choice)
    }

    /// Text tracks listed in `tref/chap`, those of enabled tracks first (QTFF: the reference
    /// comes from an enabled track), each once. Chapter images (video tracks also listed in
    /// `chap`) are not chapter titles.
    static func chapterTrackCandidates(in movie: Movie) -> [Track] {
        let referrers = movie.tracks.filter(\.isEnabled) + movie.tracks.filter { !$0.isEnabled }
        var seen: Set<UInt32> = []
        var candidates: [Track] = []
        for referrer in referrers {
            for id in referrer.referencedTrackIDs(TrackReference.chapterList) where seen.insert(id).inserted {
                guard let track = movie.track(id: id), let codec = track.codec, TextTrackReader.codecs.contains(codec) else { continue }
                candidates.append(track)
            }
        }
        return candidates
    }

    /// The most samples a chapter track may have: real ones have tens, and `info` reads them,
    /// so a hostile table must not make it read megabytes.
    public static let maxChapters: UInt64 = 10_000

    /// A chapter track's samples in movie time, through its edit list; each chapter ends
    /// where the next begins, the last where its sample ends.
    static func trackChapters(_ track: Track, in movie: Movie) throws(BoxError) -> ChapterList {
        let location = track.box.descendant(["mdia", "minf", "stbl"])?.location ?? track.box.location
        guard track.tableSampleCount <= maxChapters else {
            throw BoxError(.limitExceeded("chapter track \(track.id) has \(track.tableSampleCount) samples (at most \(maxChapters) are read)"),
                           at: location)
        }
        let content: TextTrackContent
        do throws(TextTrackReadError) {
            content = try TextTrackReader.content(of: track, in: movie)
        } catch {
            if case let .box(boxError) = error { throw boxError }
            throw BoxError(.invalidValue("chapter track \(track.id): \(error)"), at: location)
        }
        let timeline = EditListTimeline(track: track, in: movie)
        let chapters = content.cues.compactMap { cue -> Chapter? in
            guard let span = timeline.movieSpan(start: cue.start, end: cue.end) else { return nil }
            return Chapter(start: span.start, end: span.end, title: cue.text.plainText)
        }
        let language = track.displayLanguage
        return ChapterList(chapters: chapters, carrier: .quickTimeTrack(track.id),
                           language: language == "und" || language.isEmpty ? nil : language)
    }

    /// `chpl` entries in order; each ends at the next start, the last at the movie's end (as
    /// FFmpeg computes chapter ends).
    static func neroChapters(_ chpl: Box, in movie: Movie) throws(BoxError) -> ChapterList {
        let box = try NeroChapterBox(chpl.loaded())
        let starts = box.entries.map { SubtitleTime(units: Int64(clamping: $0.start), timescale: NeroChapterBox.timescale) ?? .zero }
        let movieEnd = movie.header.flatMap { SubtitleTime(units: Int64(clamping: $0.duration), timescale: $0.timescale) }
        var chapters: [Chapter] = []
        for (index, entry) in box.entries.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1] : movieEnd
            chapters.append(Chapter(start: starts[index], end: next.map { max($0, starts[index]) }, title: entry.title))
        }
        return ChapterList(chapters: chapters, carrier: .nero)
    }
}
