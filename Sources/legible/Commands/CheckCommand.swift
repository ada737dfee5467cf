import ArgumentParser
import Lint
import Movie
import Remux

/// `legible check`: how Apple's players will treat a movie's selection and accessibility
/// structures, before a viewer finds out; with `--fix`, the repairs that have one answer.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint a movie's tracks, groups, languages, characteristics and references as Apple's players read them.",
        discussion: """
        Each finding has a severity (error: players will not offer or choose tracks as meant; \
        warning: an option is mislabelled, hidden or ambiguous; info: worth knowing), the track, \
        the rule and the document it comes from, a sentence saying what players do, and the \
        'legible set-track' command that repairs it. "fix:" marks a repair with one right \
        answer; "try:" one that needs your judgement (which track is the default, which \
        reference to keep).

        Rules: legible-language, legible-group, group-media-types, group-enabled-tracks, \
        sdh-characteristics, forced-only-partner, forced-pair, follower, reference-target, \
        language-agreement, subtitle-handler, chapter-track, characteristic-syntax, \
        distinguishable-options, audio-description, kind-role, text-placement, self-contained \
        (media in another file), forced-cues-in-full-track (a forced-only track's cues missing \
        from its language's full track; this one reads the subtitle text, and its fix rebuilds \
        the full track with them), accessibility-default \
        (SDH, captions or audio description enabled as a group's default), fallback (an audio \
        'fall' chain, AC-3 to AAC say, that does not end at the one enabled track: Apple TN2429), \
        track-id (two tracks with one ID).

        --fix makes every "fix:" repair of an error or warning through the remux engine (samples \
        are copied unchanged; a subtitle track given the forced cues it lacks is written anew, \
        after the other tracks and under a new track ID), then checks the result and reports \
        what remains. A fragmented movie is fixed as the other writing commands edit one: -o \
        writes it as a regular movie, --in-place rewrites its moov where it is when the fixes \
        fit there. --overwrite and --progress apply with --fix; --quiet prints nothing but \
        errors (the exit status still says whether an error remains); --json prints \
        {"file", "findings": [{"severity", "trackID", "rule", "message", "fix", …}], …}.

        Examples:
          legible check movie.mov
          legible check movie.mov --json | jq '.findings[] | select(.severity == "error")'
          legible check movie.mov --fix -o fixed.mov
          legible check movie.mov --fix --in-place

        Exit status: 0 when no error-level finding remains (in the fixed file with --fix); 1 \
        when one does; 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Flag(help: "Make every repair that has one right answer (needs -o or --in-place).")
    var fix = false

    @Option(name: [.customShort("o"), .customLong("output")], help: "With --fix: the file to write.")
    var output: String?

    @Flag(help: "With --fix: repair the movie itself.")
    var inPlace = false

    @OptionGroup var writing: WritingOptions
    var overwrite: Bool { writing.overwrite }
    var json: Bool { writing.json }

    func validate() throws {
        if !fix, output != nil || inPlace || overwrite {
            throw ValidationError("-o, --in-place and --overwrite say where --fix writes: add --fix, or leave them out to only check")
        }
        if output != nil, inPlace { throw ValidationError("-o and --in-place exclude each other") }
        if fix, output == nil, !inPlace { throw ValidationError("say where to write the fixed movie: --fix -o FILE, or --fix --in-place") }
    }

    func run() throws {
        let source = try Movie.openForCommand(path: movie)
        let check = MovieCheck(movie: source)
        guard fix else {
            return try finish(CheckReport(path: movie, findings: check.findings, fixed: nil, output: nil,
                                          readingStop: source.readingStop?.description))
        }
        let fixes = check.automaticFixes
        let destination = output ?? movie
        if !fixes.isEmpty || output != nil {
            var arguments = output.map { ["-o", $0] } ?? ["--in-place"]
            if overwrite { arguments.append("--overwrite") }
            // Unless --quiet, what a rebuilt subtitle track cannot carry is said.
            if writing.quiet { arguments.append("--quiet") }
            let writer = try EditOutputOptions.parse(arguments + ["--progress", writing.progress.rawValue])
            try writer.run(movie: movie) { _ in Self.plan(making: check.automaticFixes) } describe: { _ in [] }
        }
        let fixed = check.findings.filter { $0.severity != .info && $0.fix?.isAutomatic == true }
        let result = try Movie.openForCommand(path: destination)
        let recheck = MovieCheck(movie: result)
        try finish(CheckReport(path: movie, findings: recheck.findings, fixed: fixed, output: destination,
                               readingStop: result.readingStop?.description))
    }

    private func finish(_ report: CheckReport) throws {
        if json {
            print(report.json.rendered())
        } else {
            if !writing.quiet { for line in report.lines { printLines(line) } }
        }
        if report.findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    /// The edit that makes `fixes`: track changes, and tracks rebuilt from new cues.
    static func plan(making fixes: [TrackFix]) -> EditPlan {
        var plan = EditPlan(trackChanges: fixes.map(\.request))
        plan.cueReplacements = fixes.compactMap { fix in fix.replacementCues.map { CueReplacementRequest(trackID: fix.trackID, cues: $0) } }
        return plan
    }
}
