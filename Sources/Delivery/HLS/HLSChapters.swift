import ISOBMFF
import Movie
import TextTracks
import TimedText

/// A movie's chapters as HLS chapter data, `chapters.json`, which the multivariant playlist
/// names in `EXT-X-SESSION-DATA` with DATA-ID `com.apple.hls.chapters` (RFC 8216 §4.3.4.4).
///
/// The format is Apple's ("Providing JavaScript Object Notation (JSON) chapters", HTTP Live
/// Streaming documentation): an array of chapter entries in order, each with `start-time` in
/// seconds (required), `chapter` (its number, for readability), `duration` and `titles`, one
/// object per BCP 47 `language` (`und` when undetermined) with its `title`. A movie with one
/// chapter track per language (QTFF "Chapter lists") gives each chapter a title per language;
/// otherwise the list players show (``ChapterReader``).
struct HLSChapters {
    /// The DATA-ID Apple's players read chapters from.
    static let dataID = "com.apple.hls.chapters"
    /// The JSON file's name.
    static let fileName = "chapters.json"

    /// The JSON text.
    var json: String
    /// What could not be carried, as `check` words it.
    var warnings: [String]

    /// The chapters of `movie`, on the movie timeline, which the segments show from 0
    /// (``CMAFTimeline``); nil when the movie has none.
    init?(movie: Movie) {
        let read = ChapterReader.chapters(in: movie)
        warnings = read.problems.map { "chapters: \($0); not in \(Self.fileName)" }
        let trackLists = read.lists.filter { if case .quickTimeTrack = $0.carrier { true } else { false } }
        guard let shown = read.shown, !shown.chapters.isEmpty else { return nil }
        var lists = [shown]
        for list in trackLists.dropFirst() {
            let language = DeliveryLanguage.tag(for: list.language ?? "und")
            if list.chapters.map(\.start) != shown.chapters.map(\.start) {
                warnings.append("\(list.carrier): its chapters start at other times than those of \(shown.carrier), so its \(language) titles are not in \(Self.fileName)")
            } else if lists.contains(where: { DeliveryLanguage.tag(for: $0.language ?? "und") == language }) {
                warnings.append("\(list.carrier): a chapter list in \(language) comes first, and each chapter has one title per language, so its titles are not in \(Self.fileName)")
            } else {
                lists.append(list)
            }
        }
        // Whole microseconds, as the movie's times are, so the decimals carry no rounding noise.
        func seconds(_ microseconds: Int64) -> String { String(Double(microseconds) / 1_000_000) }
        let entries = shown.chapters.enumerated().map { index, chapter in
            var members = ["\"chapter\": \(index + 1)", "\"start-time\": \(seconds(chapter.start.microseconds))"]
            if let end = chapter.end, end > chapter.start {
                members.append("\"duration\": \(seconds(end.microseconds - chapter.start.microseconds))")
            }
            let titles = lists.map { list in
                "{\"language\": \(JSONStringLiteral.quoted(DeliveryLanguage.tag(for: list.language ?? "und"))), \"title\": \(JSONStringLiteral.quoted(list.chapters[index].title))}"
            }
            members.append("\"titles\": [" + titles.joined(separator: ", ") + "]")
            return "  {" + members.joined(separator: ", ") + "}"
        }
        json = "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    /// The multivariant playlist's tag naming the file.
    static var sessionDataTag: String {
        "#EXT-X-SESSION-DATA:DATA-ID=\"\(dataID)\",URI=\"\(fileName)\""
    }
}
