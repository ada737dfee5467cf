import ArgumentParser
import ISOBMFF
import Movie
import Remux

/// `legible add-track`: a track of another file — a movie's track or a raw audio stream — added
/// with its samples copied byte for byte.
struct AddTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-track",
        abstract: "Add a track of another file (a movie's track, or raw AAC, AC-3, E-AC-3 or WAV audio) to a movie, without re-encoding.",
        discussion: """
        The samples are copied byte for byte from SOURCE, never decoded. From a movie (.mov, \
        .mp4, .m4a, .m4v, fragmented ones too) the track keeps its sample description, timing, \
        sync and sample-group tables, edit list (rescaled to the movie's timescale), language, \
        name and characteristics unless you set them; its references to tracks of SOURCE are \
        left out, with a warning. Choose it with --track ID (see 'legible info SOURCE') or \
        --type; a source with one track needs neither. A raw stream (.aac ADTS, .ac3, .ec3, \
        .wav) becomes a sound track of its own sample entry (esds, dac3, dec3, or QuickTime lpcm \
        for PCM, which only a .mov takes).

        Into an MPEG-4 file (.mp4, .m4v) a track of a QuickTime movie keeps nothing only \
        QuickTime reads without saying so: its sound description becomes an MPEG-4 audio \
        sample entry (the codec configuration taken out of 'wave'), its channel layout \
        ('chan') an ISO 'chnl' where one exists (mono, stereo, 3.0 to 5.1) or is left out; \
        QuickTime track atoms ('tapt', 'load', 'imap'), QuickTime text and a 'gmhd' media \
        header are named in warnings; a sample rate above 65,535 Hz is refused (write a .mov).

        A sound track joins the movie's audio alternate group (made when the sound tracks have \
        none) and is disabled unless --default, which enables it and disables the others of its \
        group; players list it in the audio menu by its language and name. A subtitle track \
        joins the legible group; video joins no group unless --group says.

        --describes-video tags public.accessibility.describes-video: Apple's players list the \
        track by its language and "AD" ("English AD", as 'legible info' shows the menu), and \
        'legible select' picks it for a viewer who asks.

        --fallback-for ID adds a track to play where track ID cannot be (an AAC stereo mix for \
        an AC-3 track): track ID gets a 'fall' reference to it and is disabled, the new track \
        joins its group enabled (Apple TN2429, "Use a Chain of Fallback Track References").

        With no --offset the track's first sample plays at the movie's start, or where its own \
        edit list puts it. A track longer than the movie follows --past-end: clip (the \
        default) ends it with the movie through its edit list, every sample kept; extend \
        lengthens the movie; refuse writes nothing.

        Several tracks in one write: --plan FILE.json, a list like
          {"tracks": [{"file": "ad.m4a", "language": "en", "describesVideo": true, "name": "English AD"},
                      {"file": "surround.ac3", "language": "en", "default": true},
                      {"file": "dub.mp4", "type": "audio", "language": "es", "offset": 0.5}]}
        (keys: file, track, type, language, name, describesVideo, characteristics, group, \
        default, fallbackFor, offset in seconds; files are relative to the plan).

        Output: -o writes a new file (moov first) through a temporary file; --in-place appends \
        the new samples and moov to MOVIE (in proportion to the new samples, not to MOVIE), \
        the old moov retired by one 4-byte write once the appended file reads back as planned.

        Examples:
          legible add-track movie.mov described.m4a --language en --describes-video --name "English AD" -o movie-ad.mov
          legible add-track movie.mp4 dub.mp4 --type audio --language es -o movie-es.mp4
          legible add-track movie.mov surround.ac3 --language en --offset 0.5 -o movie-51.mov
          legible add-track movie.mov stereo.aac --language en --fallback-for 2 -o movie-fallback.mov
          legible add-track movie.mov --plan tracks.json -o movie-all.mov
          legible add-track movie.mov commentary.m4a --language en --name "Director's commentary" --characteristic public.auxiliary-content --in-place

        Exit status: 0 on success (warnings included); 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Argument(help: "The file with the track: a movie (.mov, .mp4, .m4a, .m4v) or raw audio (.aac, .ac3, .ec3, .wav).")
    var source: String?

    @Option(help: "A JSON plan listing several tracks to add in one write, each a file and its options (instead of SOURCE).")
    var plan: String?

    @Option(help: "The ID of the track of SOURCE to add (see 'legible info SOURCE').")
    var track: UInt32?

    @Option(help: "The first track of SOURCE of this kind: audio, video or subtitle.")
    var type: SourceTrackType?

    @OptionGroup var properties: TrackPropertyOptions

    @Flag(help: "Audio description: tag public.accessibility.describes-video.")
    var describesVideo = false

    @Option(help: "The ID of the sound track the new one is the fallback for: that track gets a 'fall' reference to it and is disabled.")
    var fallbackFor: UInt32?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Move the track: later by +SECONDS (an empty edit before it) or earlier by -SECONDS (what would play before the movie's start is left out through its edit list, no sample cut); ±HH:MM:SS.mmm too.",
                               valueName: "±seconds"), transform: RetimingOptions.offset)
    var offset: MediaTime?

    @OptionGroup var pastEndOption: PastEndOption

    @Flag(help: "Read the sources and plan the write, every refusal included, and say what would be added (each track's alternate group and whether it is enabled) and the output's size; write nothing.")
    var dryRun = false

    @OptionGroup var outputOptions: EditDestinationOptions<DestinationUnlessDryRun>

    func validate() throws {
        // A dry run writes nothing: without -o or --in-place it plans a new file.
        if !dryRun { try outputOptions.requireDestination() }
        if (source == nil) == (plan == nil) { throw ValidationError("give one SOURCE, or --plan FILE") }
        if plan != nil, track != nil || type != nil || !properties.isEmpty || describesVideo || fallbackFor != nil || offset != nil {
            throw ValidationError("with --plan, give each track's options in the plan")
        }
        if track != nil, type != nil { throw ValidationError("--track and --type exclude each other") }
        if fallbackFor != nil, properties.group != nil {
            throw ValidationError("--fallback-for puts the track in its partner's group; leave out --group")
        }
    }

    func run() throws {
        if dryRun {
            try runDry()
            return
        }
        try outputOptions.run(movie: movie) { editor in
            if outputOptions.inPlace, editor.movie.isFragmented { throw fragmentedInPlace }
            return try editPlan()
        } describe: { report in
            ["added track\(report.addedTrackIDs.count == 1 ? "" : "s") \(report.addedTrackIDs.map(String.init).joined(separator: ", ")) to \(report.path) (\(report.fileSize) bytes)"]
        }
    }

    /// The engine's plan: every track to add, read from its file.
    private func editPlan() throws -> EditPlan {
        EditPlan(brand: outputOptions.resolvedBrand(sourcePath: movie), pastEnd: pastEndOption.pastEnd,
                 importedTracks: try entries().map { try $0.request() })
    }

    /// `--dry-run`: the write planned, each track to add and the output's size printed.
    private func runDry() throws {
        let files = try entries().map(\.file)
        let report: EditReport
        do {
            let editor = try MovieEditor(path: movie, forRegularOutput: !outputOptions.inPlace && !outputOptions.keepFragments)
            report = try editor.planned(editPlan(), inPlace: outputOptions.inPlace, keepingFragments: outputOptions.keepFragments)
        } catch EditError.fragmentedMovie {
            throw fragmentedInPlace
        } catch {
            throw CommandFailure(file: movie, error)
        }
        let target = outputOptions.output ?? (outputOptions.inPlace ? movie : "a new file")
        if outputOptions.json {
            print(JSONValue.object([
                ("output", .string(target)), ("dryRun", .bool(true)),
                ("addedTracks", .array(zip(report.addedTrackPlacements, files).map { placement, file in
                    .object([("track", .unsigned(placement.trackID)), ("source", .string(file)),
                             ("alternateGroup", .integer(Int64(placement.alternateGroup))), ("enabled", .bool(placement.isEnabled))])
                })),
                ("fileSize", .unsigned(report.fileSize)), ("warnings", .array(report.diagnostics.map { .string($0) })),
            ]).rendered())
            return
        }
        if !outputOptions.quiet { for diagnostic in report.diagnostics { printWarning(diagnostic) } }
        for (placement, file) in zip(report.addedTrackPlacements, files) {
            let group = placement.alternateGroup == 0 ? "in no alternate group" : "in alternate group \(placement.alternateGroup)"
            printLines("would add track \(placement.trackID) from \(file), \(group), \(placement.isEnabled ? "enabled" : "disabled")")
        }
        printLines("would write \(target) (\(report.fileSize) bytes); nothing was written")
    }

    /// The refusal of a fragmented movie in place, with the one way past it: a new file, which
    /// is a regular movie (`--keep-fragments` takes no track of another file, so the advice
    /// every other edit gets does not apply).
    private var fragmentedInPlace: CommandFailure {
        CommandFailure("\(movie): \(EditError.fragmentedMovie); write a new file with -o, a regular movie, which can take it")
    }

    /// The tracks to add: the plan's, or SOURCE with the command line's options.
    private func entries() throws -> [TrackImportEntry] {
        if let plan { return try TrackImportPlan.read(plan).tracks }
        var entry = TrackImportEntry(file: source ?? "", track: track, type: type)
        entry.language = properties.language
        entry.name = properties.name
        entry.group = properties.group
        entry.isDefault = properties.isDefault
        entry.characteristics = properties.addedCharacteristics
        entry.describesVideo = describesVideo
        entry.fallbackFor = fallbackFor
        entry.offset = offset
        return [entry]
    }
}
