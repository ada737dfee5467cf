import Foundation
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
///   and STCO"), we may still read the structure: `info` is an inspector. Only the reverse — we
///   fail where ffprobe succeeds — is a disagreement.
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

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: TestPaths.testMediaFiles)
    func testMediaAgreesWithLiveFFprobe(_ url: URL) throws {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries",
                                                      "stream=codec_tag_string:stream_tags=language", "-of", "json", url.path])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any]
        let streams = (json?["streams"] as? [[String: Any]] ?? []).map { stream in
            Self.normalise(tag: stream["codec_tag_string"] as? String ?? "",
                           language: (stream["tags"] as? [String: Any])?["language"] as? String)
        }
        let movie = try Movie.open(path: url.path)
        Self.compare(Self.ours(movie), streams, file: url.lastPathComponent)
    }

    @Test(.enabled(if: CorpusIndex.isAvailable), arguments: CorpusIndex.entries.filter { !$0.isMalformed && !$0.isRawPayload })
    func corpusAgreesWithStoredFFprobeReport(_ entry: CorpusEntry) throws {
        let report = try #require(entry.ffprobeReport, "no report for \(entry.name)")
        let movie: Movie
        do {
            movie = try Movie.open(path: entry.url.path)
        } catch {
            // Files without a movie header (media segments): ffprobe fails on them too.
            #expect(report.status != 0, "\(entry.name): we fail (\(error)) where ffprobe succeeds")
            return
        }
        guard report.status == 0 else { return }
        let theirs = report.streams.filter { !($0.type == "video" && $0.tag == "[0][0][0][0]") }
            .map { Self.normalise(tag: $0.tag, language: $0.language) }
        Self.compare(Self.ours(movie), theirs, file: entry.name)
    }
}
