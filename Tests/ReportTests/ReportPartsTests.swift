import ISOBMFF
import Foundation
import LegibleTestSupport
import Movie
import Quality
@testable import Report
import Testing
import TimedText

/// The report's parts that need no browser: data: URLs, links to the
/// video, viewer profiles, timeline lanes, and pages for movies with nothing legible.
@Suite struct ReportPartsTests {
    /// WHATWG URL drops tabs and line breaks and ends the path at `#`; `%` starts an escape.
    @Test func dataURLsKeepWhatTheURLParserWouldChange() {
        #expect(DataURL.make(mediaType: "text/vtt", text: "WEBVTT\n\n1\t#2 50% ¡sí!") == "data:text/vtt,WEBVTT%0A%0A1%09%232 50%25 ¡sí!")
    }

    @Test func videoLinksAreRelativeToThePage() {
        #expect(PageLink.relativeURL(fromFolder: "/a/site", to: "/a/films/my film.mov") == "../films/my%20film.mov")
        #expect(PageLink.relativeURL(fromFolder: "/a/b", to: "/a/b/movie.mov") == "movie.mov")
        #expect(PageLink.relativeURL(fromFolder: "/a/b/./c/..", to: "/a/b/sub/m.mp4") == "sub/m.mp4")
        #expect(PageLink.relativeURL(fromFolder: "/", to: "/m.mov") == "m.mov")
    }

    @Test func viewerProfilesAreParsedAsSelectsOptions() throws {
        let sdh = try ViewerProfile(parsing: "es/en+sdh")
        #expect(sdh.preferences.languages.map(\.description) == ["es", "en"])
        #expect(sdh.preferences.prefersAccessibleSubtitles && sdh.preferences.captionDisplay == .alwaysOn)
        #expect(try ViewerProfile(parsing: "fr+forced").preferences.captionDisplay == .forcedOnly)
        #expect(try ViewerProfile(parsing: "fr+captions").preferences.captionDisplay == .alwaysOn)
        #expect(try ViewerProfile(parsing: "de").preferences.captionDisplay == .automatic)
        #expect(try !ViewerProfile(parsing: "de").preferences.prefersAudioDescriptions)
        let described = try ViewerProfile(parsing: "en+ad+sdh")
        #expect(described.preferences.prefersAudioDescriptions && described.preferences.prefersAccessibleSubtitles)
        for bad in ["", "+sdh", "en+sdh+forced", "en+loud", "en+forced+captions", "12", "en+ad+ad", "en+sdh+sdh"] {
            #expect(throws: ViewerProfile.ParseError.self, "\(bad)") { try ViewerProfile(parsing: bad) }
        }
    }

    /// subtitles-multi.mp4 (TestMedia/README.md): English audio; English, English SDH and forced
    /// French subtitles.
    @Test func defaultViewersComeFromTheMoviesLanguages() throws {
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent("subtitles-multi.mp4").path)
        #expect(ViewerProfile.defaults(for: movie).map(\.name) == ["en", "en+sdh", "fr", "fr+forced"])
        let audioOnly = try Movie.open(path: TestPaths.testMedia.appendingPathComponent("audio-languages.mov").path)
        #expect(ViewerProfile.defaults(for: audioOnly).map(\.name) == ["en", "en+sdh", "de", "fr", "ja"])
    }

    @Test func overlappingCuesGetLanesOfTheirOwn() {
        func numbered(_ number: Int, _ start: Int64, _ end: Int64) -> QualitySubject.NumberedCue {
            QualitySubject.NumberedCue(number: number, cue: Cue(start: .milliseconds(start), end: .milliseconds(end), text: "x"))
        }
        let (lanes, count) = TimelineSVG.lanes([numbered(1, 0, 3000), numbered(2, 1000, 2000), numbered(3, 2000, 2500), numbered(4, 3000, 4000)])
        #expect(lanes == [0, 1, 1, 0])
        #expect(count == 2)
    }

    /// Tracks are drawn cue by cue in page order while each fits the track's bound and the
    /// page's; the rest are summarised.
    @Test func boundsChooseTheTracksDrawnCueByCue() {
        let bounds = PageBounds(cuesDrawnPerTrack: 5, cuesDrawnPerPage: 8)
        #expect(bounds.drawsCueByCue([3, 6, 4, 2, 1]) == [true, false, true, false, true])
        #expect(PageBounds().drawsCueByCue([3_000]) == [true], "3,000 cues are drawn as they always were")
    }

    /// A track past the bounds (here, bounds of no cue, on subtitles-multi.mp4): a strip per minute in
    /// place of the bars, which the page says, with each bin's cues, characters and findings
    /// adding up to the track's; the first findings of each rule listed; the player carries
    /// the first cue.
    @Test func tracksPastTheBoundsAreSummarisedPerMinute() throws {
        let name = "subtitles-multi.mp4"
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent(name).path)
        let bounds = PageBounds(cuesDrawnPerTrack: 0, findingsListedPerTrack: 0, findingsListedPerRule: 1, cuesPlayedWhenSummarised: 1)
        let report = AccessibilityReport(movie: movie, fileName: name, options: .init(videoSource: name, bounds: bounds))
        try #require(!report.timelines.isEmpty)
        #expect(report.drawnTrackIDs.isEmpty)
        let page = report.html()
        #expect(!page.contains("<rect class=\"cue "), "no bar per cue")
        for timeline in report.timelines {
            #expect(page.contains("\(timeline.cues.count) cues: shown per minute"))
            let density = CueDensity(timeline, end: report.timelineEnd)
            #expect(density.bins.count == Int((Double(report.timelineEnd.microseconds) / 60_000_000).rounded(.up)))
            #expect(density.bins.map(\.cues).reduce(0, +) == timeline.cues.count)
            #expect(density.bins.map(\.characters).reduce(0, +) == timeline.cues.map(\.measurement.characters).reduce(0, +))
            #expect(density.bins.map(\.findings).reduce(0, +) == timeline.check.findings.count)
            let rules = Set(timeline.check.findings.map(\.rule))
            guard !rules.isEmpty else { continue }
            let block = try #require(page.components(separatedBy: "<div class=\"timeline-block\" data-track-id=\"\(timeline.trackID)\"").last)
                .components(separatedBy: "</details>").first ?? ""
            #expect(block.components(separatedBy: "<tr class=").count - 1 == rules.count, "track \(timeline.trackID): one finding of each rule")
        }
        let tracks = page.components(separatedBy: "<track ").count - 1
        #expect(tracks > 0 && page.contains("the first 1 of its"), "the player's tracks carry the first cue")
    }

    /// Every `id` on a page is used once (HTML: an element's id is unique in its tree), and every
    /// link of the page's navigation leads to one.
    @Test(arguments: TestPaths.testMediaFiles.map(\.lastPathComponent))
    func idsAreUnique(_ name: String) throws {
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent(name).path)
        let page = AccessibilityReport(movie: movie, fileName: name, options: .init(videoSource: name)).html()
        func captures(_ pattern: String) throws -> [String] {
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap {
                Range($0.range(at: 1), in: page).map { String(page[$0]) }
            }
        }
        let ids = try captures(#"\sid="([^"]*)""#)
        #expect(ids.count == Set(ids).count, "\(name): ids used twice: \(Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
        for target in try captures(##"href="#([^"]*)""##) {
            #expect(ids.contains(target), "\(name): a link to #\(target), which no element has")
        }
    }

    /// A movie with no text track still gets a whole page, which says so.
    @Test func pagesForMoviesWithoutText() throws {
        for name in ["audio-languages.mov", "fragmented.mp4", "chapters.mp4"] {
            let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent(name).path)
            let page = AccessibilityReport(movie: movie, fileName: name, options: .init(videoSource: name)).html()
            #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"), "\(name)")
            #expect(page.contains("No text track to draw."), "\(name)")
            #expect(!page.contains("http://") && !page.contains("https://"), "\(name): the page names no external URL")
        }
    }
}
