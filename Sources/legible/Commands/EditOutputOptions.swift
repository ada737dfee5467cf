import ArgumentParser
import Conversion
import ISOBMFF
import Movie
import Remux
import TimedText

/// Whether an edit command must be told where to write (`-o` or `--in-place`) before it runs.
protocol EditDestinationRule {
    /// True when every run writes; false when the command's own `validate()` decides (a dry
    /// run writes nothing, so needs no destination).
    static var isRequired: Bool { get }
}

/// Every run writes: `-o` or `--in-place` is required.
enum DestinationRequired: EditDestinationRule {
    static let isRequired = true
}

/// The command calls ``EditDestinationOptions/requireDestination()`` itself, unless it is a
/// dry run (`strip --dry-run`).
enum DestinationUnlessDryRun: EditDestinationRule {
    static let isRequired = false
}

/// The options of every command that edits a movie.
typealias EditOutputOptions = EditDestinationOptions<DestinationRequired>

/// Where and how a writing command writes: a new file (`-o`) or the source itself
/// (`--in-place`), the output brand, and the options every writing command shares
/// (``WritingOptions``: `--overwrite`, `--progress`, `--quiet`, `--json`).
struct EditDestinationOptions<Rule: EditDestinationRule>: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")],
            help: "The file to write; its extension (.mov, .mp4, .m4v) sets the brand when it differs from the source's.")
    var output: String?

    @Flag(help: "Edit the source file itself: append the new samples and moov, then retire the old moov with one 4-byte write.")
    var inPlace = false

    @Flag(help: "With -o, keep a fragmented source (moof) fragmented: the edited moov, every moof rewritten with its new offsets, every mdat copied, new subtitle, caption and metadata tracks as fragmented tracks, sidx and mfra rewritten (ssix is left out, with a warning). Not with a new chapter list. Without it a fragmented source is written as a regular movie; a source that is not fragmented is written as usual, with a note.")
    var keepFragments = false

    @Option(help: "The output brand: mov, mp4 or m4v (default: from the -o extension, else the source's ftyp).")
    var brand: OutputBrand?

    @OptionGroup var writing: WritingOptions

    @Flag(help: "Refuse to write anything when a conversion would lose what it read (a cue feature the track format lacks, metadata the brand has no place for).")
    var strict = false

    var overwrite: Bool { writing.overwrite }
    var progress: ProgressStyle { writing.progress }
    var quiet: Bool { writing.quiet }
    var json: Bool { writing.json }

    func validate() throws {
        if Rule.isRequired { try requireDestination() }
        if output != nil, inPlace { throw ValidationError("-o and --in-place exclude each other") }
        if inPlace, keepFragments { throw ValidationError("--keep-fragments writes a new file; use it with -o, not --in-place") }
        if inPlace, brand != nil { throw ValidationError("--brand cannot change an existing file in place (its ftyp stays); write a new file with -o") }
    }

    /// Refuses a run that would write without being told where.
    func requireDestination() throws {
        if output == nil, !inPlace { throw ValidationError("say where to write: -o FILE, or --in-place to edit the source") }
    }

    /// The brand to write: `--brand`, else the output extension's when it differs from the
    /// source's extension; an output named like its source keeps the source's `ftyp`, whatever
    /// it says (a QuickTime movie named .mp4 stays QuickTime).
    func resolvedBrand(sourcePath: String) -> OutputBrand? {
        if let brand { return brand }
        guard let output, let fromExtension = OutputBrand(path: output) else { return nil }
        return fromExtension == OutputBrand(path: sourcePath) ? nil : fromExtension
    }

    /// Opens the movie (a media segment read after `initializationSegment`, when given), runs
    /// the plan `makePlan` gives for it, and prints the outcome; every failure is one `error:`
    /// line and exit status 2. `json` gives what the command adds to its `--json` report.
    func run(movie: String, initializationSegment: String? = nil, plan makePlan: (MovieEditor) throws -> EditPlan,
             describe: (EditReport) -> [String], json extra: () -> [(String, JSONValue)] = { [] }) throws {
        do {
            let onWait = { (path: String) in
                if !quiet { printNote("waiting for another legible process that is using '\(path)'") }
            }
            let editor = try initializationSegment.map { try MovieEditor(initializationSegment: $0, mediaSegment: movie, onWait: onWait) }
                ?? MovieEditor(path: movie, lock: inPlace ? .exclusive : .shared, forRegularOutput: output != nil && !keepFragments,
                               onWait: { onWait(movie) })
            if keepFragments, !editor.movie.isFragmented, !quiet {
                printNote("'\(movie)' is not fragmented; --keep-fragments changes nothing")
            }
            var plan = try makePlan(editor)
            plan.refusesLosses = strict
            let report = try perform(plan, editor: editor, describe: describe)
            if json {
                print(JSONValue.object([
                    ("output", .string(report.path)), ("addedTracks", .array(report.addedTrackIDs.map { .unsigned($0) })),
                    ("bytesWritten", .unsigned(report.bytesWritten)), ("fileSize", .unsigned(report.fileSize)),
                    ("warnings", .array(report.diagnostics.map { .string($0) })),
                    ("losses", ConversionLossReport.json(report.losses)),
                ] + extra()).rendered())
            }
        } catch {
            throw CommandFailure(file: movie, error)
        }
    }

    /// Runs the plan with a progress display and prints the outcome.
    private func perform(_ plan: EditPlan, editor: MovieEditor, describe: (EditReport) -> [String]) throws -> EditReport {
        guard output != nil || inPlace else { throw CommandFailure("say where to write: -o FILE, or --in-place to edit the source") }
        // The engine checks again, race-free, as it renames.
        if let output { try OutputTarget.file(output).check(overwrite: overwrite, alternative: "or --in-place to edit the source") }
        let display = ProgressDisplay(style: quiet ? .none : progress)
        let report: EditReport
        do {
            defer { display.finish() }
            report = try output.map { try editor.write(plan, to: $0, replacingExisting: overwrite, keepingFragments: keepFragments,
                                                        progress: display.callback) }
                ?? editor.editInPlace(plan, progress: display.callback)
        }
        if !quiet {
            for diagnostic in report.diagnostics { printWarning(diagnostic) }
            ConversionLossReport.print(report.losses, prefix: nil)
            if !json { for line in describe(report) { printLines(line) } }
        }
        return report
    }
}

extension OutputBrand: ExpressibleByArgument {}
