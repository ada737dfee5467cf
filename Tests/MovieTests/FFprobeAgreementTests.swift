import Foundation
import Language
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// Our track list agrees with ffprobe's stream list: count, codec tag and language.
///
/// Known, explained differences:
/// - ffprobe prints ISO 639-2/B codes for some languages (`ger`, `fre`, `chi`); we report the
///   terminology codes (`deu`, `fra`, `zho`) and compare through ``LanguageName``.
/// - ffprobe prints no language for `und` or the QuickTime "unspecified" value 0x7FFF; we report `und`.
/// - ffprobe prints an empty codec tag (`[0][0][0][0]`) for a track whose `stsd` has no entry; we report no codec.
/// - ffprobe lists iTunes cover art (`covr`) as extra video streams with an empty codec tag; they
///   are not tracks, so those streams are left out before comparing.
/// - For protected sample entries ffprobe prints the original format from `sinf/frma` for
///   `encv`/`enca` but the entry type for others (`drms`); either may match.
/// - Where ffprobe refuses a file (its report has a non-zero status, e.g. "contradictionary STSC
///   and STCO"), we may still read the structure: `info` is an inspector. Those files are compared
///   with the corpus index's own box walker instead. We failing where ffprobe succeeds is a
///   disagreement, except on files the corpus marks as malformed.
@Suite struct FFprobeAgreementTests {
    struct Stream: Equatable, CustomStringConvertible {
        var tag: String
        var language: String
        /// The original format of a protected entry.
        var alternativeTag: String?
        var description: String { "\(tag)(\(language))" }
    }

    static func ours(_ movie: Movie) -> [Stream] {
        movie.tracks.map { track in
            let entry = track.sampleEntries.first
            return Stream(tag: entry?.format.description ?? "[0][0][0][0]", language: track.language,
                          alternativeTag: entry?.originalFormat?.description)
        }
    }

    static func normalise(tag: String, language: String?) -> Stream {
        let code = language.map(LanguageName.terminologyCode(for:)) ?? "und"
        return Stream(tag: tag, language: code)
    }

    static func compare(_ ours: [Stream], _ theirs: [Stream], file: String) {
        #expect(ours.count == theirs.count, "\(file): \(ours) vs ffprobe \(theirs)")
        for (mine, other) in zip(ours, theirs) {
            #expect(mine.tag == other.tag || mine.alternativeTag == other.tag, "\(file): codec \(mine) vs ffprobe \(other)")
            #expect(mine.language == other.language, "\(file): language \(mine) vs ffprobe \(other)")
        }
    }

    /// The streams live ffprobe lists for `url`; ffprobe must read the file.
    static func liveStreams(_ url: URL) throws -> [Stream] {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries",
                                                      "stream=codec_tag_string:stream_tags=language", "-of", "json", url.path])
        try #require(output.status == 0, "ffprobe failed on \(url.lastPathComponent): \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let streams = try #require(json["streams"] as? [[String: Any]], "ffprobe listed no streams for \(url.lastPathComponent)")
        return streams.map { stream in
            normalise(tag: stream["codec_tag_string"] as? String ?? "",
                      language: (stream["tags"] as? [String: Any])?["language"] as? String)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: TestPaths.testMediaFiles)
    func testMediaAgreesWithLiveFFprobe(_ url: URL) throws {
        let movie = try Movie.open(path: url.path)
        Self.compare(Self.ours(movie), try Self.liveStreams(url), file: url.lastPathComponent)
    }

    /// Every corpus file (raw payloads aside) against the stored ffprobe report, whose status must
    /// be the one INDEX.md records: a failing ffprobe on a file the index says it reads is a
    /// failure, never a skip. Where ffprobe refuses a file we read, the tracks are compared with
    /// INDEX.md's `tracks` column instead, written by the corpus's own box walker: IDs, handlers,
    /// sample entries and alternate groups.
    @Test(.corpus, arguments: try CorpusIndex.arguments { !$0.isRawPayload })
    func corpusAgreesWithStoredFFprobeReport(_ entry: CorpusEntry) throws {
        let report = try #require(entry.ffprobeReport, "no report for \(entry.name)")
        #expect((report.status != 0) == entry.ffprobeRefuses,
                "\(entry.name): stored ffprobe status \(report.status), but INDEX.md says '\(entry.indexedFFprobe)'")
        let movie: Movie
        do {
            movie = try Movie.open(path: entry.url.path)
        } catch {
            // Files without a movie header (media segments): ffprobe fails on them too. A file
            // the corpus marks as broken may be refused even where ffprobe guesses past the damage.
            #expect(report.status != 0 || report.streams.isEmpty || entry.isMalformed,
                    "\(entry.name): we fail (\(error)) where ffprobe succeeds")
            return
        }
        if report.status == 0 {
            let theirs = report.streams.filter { !($0.type == "video" && $0.tag == "[0][0][0][0]") }
                .map { Self.normalise(tag: $0.tag, language: $0.language) }
            Self.compare(Self.ours(movie), theirs, file: entry.name)
        } else {
            let indexed = try #require(entry.tracks,
                                       "\(entry.name): ffprobe refuses it and INDEX.md lists no tracks, yet we read \(movie.tracks.count)")
            let ours = movie.tracks.map { track in
                CorpusEntry.IndexedTrack(id: track.id, handler: track.handler?.handlerType.description ?? "-",
                                         sampleEntries: track.sampleEntries.map(\.format.description),
                                         alternateGroup: track.header.alternateGroup)
            }
            #expect(ours == indexed, "\(entry.name): our tracks vs INDEX.md's walker")
        }
    }
}
