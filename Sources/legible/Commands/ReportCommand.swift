import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Delivery
import Movie
import Quality
import Report

/// `legible report`: one HTML page of a movie's accessibility.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page of a movie's accessibility: tracks, menus per viewer, check findings, cue timelines, timed metadata, a player with a caption style panel.",
        discussion: """
        The page holds, in order:
          - the file and its tracks, selection groups and chapters (as 'legible info' lists them);
          - the menus a player builds for a few viewers (--viewers): what automatic selection \
        picks in each group and why (as 'legible select');
          - 'legible check' findings with the commands that repair them;
          - each text track's cues as bars on the movie's time axis (SVG): reading speed as \
        colour, forced cues outlined, overlaps and short gaps marked, chapter starts as lines, \
        with the findings of 'legible qc --profile' (hover or focus a bar for its text); a \
        track of more than 5,000 cues (or past 12,000 on the page) is shown per minute instead \
        (cues, characters, findings), its findings past 10,000 as the first 50 of each rule, \
        and the player carries its first 1,000 cues;
          - timed metadata tracks: keys, the track described, locations as a route on a \
        latitude/longitude grid (no map tiles);
          - a <video> of the movie with a <track> per legible track (the WebVTT 'legible html' \
        writes), a preview of the first cue over its frame, and the caption settings of \
        47 CFR 79.103(c) (font, size, colours and opacities, character edges) applied through \
        ::cue CSS.

        Everything is inline (CSS, script, SVG; tracks as data: URLs): the page fetches nothing \
        but the video, which it names by a path relative to the page (the movie, or --video for \
        a proxy a browser can play). The static parts read without JavaScript.

        Viewers (--viewers, comma-separated): languages in order of preference separated by /, \
        then +sdh (Closed Captions + SDH), +ad (Audio Descriptions on), +captions (always on) \
        or +forced (forced only): en,es/en,en+sdh,en+ad,es+forced. Default: a speaker of each \
        of the movie's languages, the main language with +sdh, +ad for languages with audio \
        that describes the video, and +forced for languages with forced subtitles.

        Examples:
          legible report movie.mov -o report.html
          legible report movie.mov -o site/report.html --viewers en,es,en+sdh,es+forced
          legible report movie.mov -o report.html --video movie-proxy.mp4 --profile bbc

        Exit status: 0 when the page is written; 2 on bad input or usage (an existing page is \
        not replaced without --overwrite). --json prints what was written; --quiet prints \
        nothing but errors.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Option(name: [.customShort("o"), .customLong("output")], help: "The HTML file to write.")
    var output: String

    @Option(help: "Viewers whose menus are shown, comma-separated (en,es/en,en+sdh,en+ad,es+forced).")
    var viewers: String?

    @Option(help: "The guideline for the timelines' findings (see legible qc --list-profiles).")
    var profile = QualityProfile.standard

    @Option(help: "A video file for the player instead of the movie (a proxy the browser can play).")
    var video: String?

    @OptionGroup var writing: WritingOptions
    var overwrite: Bool { writing.overwrite }
    var json: Bool { writing.json }

    func validate() throws {
        guard !output.hasSuffix("/"), !output.isEmpty else { throw ValidationError("-o: give the HTML file to write, not a folder") }
        _ = try parsedViewers()
    }

    private func parsedViewers() throws -> [ViewerProfile]? {
        guard let viewers else { return nil }
        return try viewers.split(separator: ",", omittingEmptySubsequences: false).map { text in
            do {
                return try ViewerProfile(parsing: text.trimmingWhitespace)
            } catch {
                throw ValidationError("--viewers: \(error)")
            }
        }
    }

    func run() throws {
        try OutputTarget.file(output).check(overwrite: overwrite)
        let opened = try Movie.openForCommand(path: movie)
        let current = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : current + "/" + path }
        let outputPath = absolute(output)
        let folder = outputPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = String(outputPath.split(separator: "/").last ?? "report.html")
        let options = AccessibilityReport.Options(viewers: try parsedViewers(), profile: profile,
                                                  videoSource: PageLink.relativeURL(fromFolder: folder, to: absolute(video ?? movie)))
        let report = AccessibilityReport(movie: opened, fileName: DeliveryCommandLine.fileName(movie), options: options)
        let page = report.html(fixCommand: { CheckReport.command(making: $0, in: movie) }, suggestion: CheckReport.suggestion)
        try DeliveryCommandLine.run(output) { () throws(DeliveryError) in
            try DeliveryFolder.write([DeliveryFile(name: name, text: page)], into: folder.isEmpty ? "/" : folder,
                                     existing: overwrite ? .overwrite : .refuseExistingFiles)
        }
        for problem in report.problems where !writing.quiet { printWarning("\(movie): \(problem)") }
        let cues = report.timelines.reduce(0) { $0 + $1.cues.count }
        if json {
            print(JSONValue.object([
                ("file", .string(movie)), ("output", .string(output)), ("bytes", .unsigned(page.utf8.count)),
                ("video", .string(options.videoSource)), ("viewers", .array(report.menus.map { .string($0.viewer.name) })),
                ("checkFindings", .unsigned(report.findings.count)),
                ("timelines", .array(report.timelines.map { timeline in
                    .object([("trackID", .unsigned(timeline.trackID)), ("cues", .unsigned(timeline.cues.count)),
                             ("findings", .unsigned(timeline.check.findings.count))])
                })),
                ("problems", .array(report.problems.map { .string($0) })),
            ]).rendered())
        } else if !writing.quiet {
            print("\(output): \(page.utf8.count) bytes; \(report.menus.count) viewers, \(report.findings.count) check findings, \(report.timelines.count) timelines (\(cues) cues)")
        }
    }
}
