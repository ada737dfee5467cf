import ArgumentParser
import ISOBMFF
import Metadata
import Movie
import Remux

/// `legible strip`: a copy of a movie that is safe to share, or the movie itself made so.
struct StripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strip",
        abstract: "Remove location, device identity, capture times and unknown metadata before sharing a movie.",
        discussion: """
        The policy is an allow-list, after Apple's "for sharing" filter: what players need \
        (track names, languages, characteristics, chapters, references, orientation) and what \
        the author made on purpose (titles, descriptions, artwork, copyright) stays; location \
        (©xyz, loci, com.apple.quicktime.location.*, GPS tracks), device identity (make, model, \
        software, serial numbers, lens), people (authors, faces, comments), capture times \
        (creation dates, Live Photo identifiers, mvhd/tkhd/mdhd times), timed metadata tracks \
        with any of these, vendor uuid boxes, free space and anything it does not recognise go; \
        handler names that are not the conventional ones (a camera's "GoPro AVC encoder") become \
        VideoHandler and the like, and compressor names are blanked (keep both with --keep \
        name:handler, --keep name:compressor). \
        --dry-run lists every item, track and box with the rule that decides it (--json adds \
        the rule's pattern and the box's path); it writes nothing, so needs no -o (it then \
        reviews as for a new file; with --in-place, it also lists the bytes that would be erased).

        Boxes are an allow-list too: inside moov, trak, mdia, minf, dinf, stbl, edts, mvex, \
        moof, traf, udta, meta and every sample entry, a box stays only when it is structure \
        players need (headers, sample tables, references, fragment and protection boxes) or \
        known codec configuration (avcC, hvcC, av1C, esds, dac3, colr, pasp, …, each from its \
        specification), or a metadata item a rule keeps; anything else goes as unknown-box \
        (keep one with --keep box:TYPE). A box that belongs at file level (moov, moof, mdat) \
        found inside another always goes. A self-contained track's data reference is written \
        without the path it may still hold (--keep name:data-reference keeps it); a track whose \
        media is in another file cannot be shared: strip refuses, naming the track and the \
        reference, unless that track is removed with --remove track:ID.

        Removed bytes are gone: a new file (-o) receives only the media bytes that kept tracks \
        use (samples of removed tracks, gaps between chunks and media nobody points at are left \
        out); --in-place writes the reduced moov, then overwrites every old moov, free space, \
        removed boxes and every media byte no kept track uses with zeros.

        A fragmented movie: user data, meta, uuid and free boxes inside its fragments (moof, \
        traf) and top-level emsg event messages go too; -o writes a regular movie without them, \
        --in-place turns them into free boxes of zeros and writes the reduced moov where the old \
        one was (refused, file unchanged, when a timed metadata track would go); \
        --keep-fragments and --init follow the same rules.

        --keep and --remove take a category (location, device, people, capture-time, camera, \
        structure, authored, commerce, unknown), an identifier (mdta/com.apple.quicktime.make, \
        udta/©xyz), a pattern ending in * (mdta/com.example.*), track:FORMAT, track:ID, \
        box:TYPE (anywhere), box:PARENT/TYPE, name:handler, name:compressor, \
        name:data-reference or header:times; they apply before the default rules.

        A DASH or CMAF media segment (.m4s) is read after its initialization segment, given \
        with --init, as one movie (ISO/IEC 23009-1: the two together are a conforming file); \
        -o writes it as a regular movie, without the removed items. --in-place cannot be used \
        with --init.

        Examples:
          legible strip holiday.mov -o share.mov
          legible strip holiday.mov --dry-run
          legible strip holiday.mov --in-place --keep capture-time
          legible strip holiday.mov -o share.mov --remove mdta/com.apple.quicktime.title --json
          legible strip seg_1.m4s --init init.mp4 -o share.mp4

        Exit status: 0 on success; 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v), or a media segment (.m4s) with --init.")
    var movie: String

    @Flag(help: "List what would be removed and kept, and why, and the bytes that would be erased; write nothing.")
    var dryRun = false

    @Option(help: "Keep a category, identifier, pattern, track:FORMAT, box:TYPE, name:… or header:times (repeatable).")
    var keep: [String] = []

    @Option(help: "Remove a category, identifier, pattern, track:FORMAT, track:ID, box:TYPE, name:… or header:times (repeatable).")
    var remove: [String] = []

    @OptionGroup var outputOptions: EditDestinationOptions<DestinationUnlessDryRun>

    @OptionGroup var initializationSegment: InitializationSegmentOption

    func validate() throws {
        // A dry run writes nothing: without -o or --in-place it reviews as for a new file.
        if !dryRun { try outputOptions.requireDestination() }
        if initializationSegment.path != nil, outputOptions.inPlace {
            throw ValidationError("--in-place cannot edit a media segment read with --init (the movie is both files together); write a regular movie with -o")
        }
    }

    /// The default policy with the user's adjustments: later options first, as the last word wins.
    var filter: SharingFilter {
        var filter = SharingFilter.forSharing
        for target in keep { filter = filter.keeping(target) }
        for target in remove { filter = filter.removing(target) }
        return filter
    }

    func run() throws {
        if dryRun {
            try runDry(movie: movie)
            return
        }
        try outputOptions.run(movie: movie, initializationSegment: initializationSegment.path, plan: { editor in
            var plan = EditPlan(removal: MetadataRemoval(try SharingReview(movie: editor.movie, filter: filter)))
            plan.brand = outputOptions.resolvedBrand(sourcePath: movie)
            return plan
        }, describe: { report in
            ["\(report.path): stripped (\(report.fileSize) bytes)"]
        })
    }

    private func runDry(movie path: String) throws {
        do {
            let editor = try initializationSegment.path.map { try MovieEditor(initializationSegment: $0, mediaSegment: path) }
                ?? MovieEditor(path: path)
            let review = try SharingReview(movie: editor.movie, filter: filter)
            let plan = EditPlan(removal: MetadataRemoval(review))
            let erased = outputOptions.inPlace ? try editor.erasuresInPlace(plan) : []
            if outputOptions.json {
                print(JSONValue.object([
                    ("file", .string(path)), ("mode", .string(outputOptions.inPlace ? "in-place" : "new-file")),
                    ("entries", .array(review.entries.map(Self.json))),
                    ("removedTracks", .array(review.removedTrackIDs.sorted().map { .unsigned($0) })),
                    ("erasedRanges", .array(erased.map { .object([("offset", .unsigned($0.lowerBound)), ("length", .unsigned($0.count))]) })),
                ]).rendered())
                return
            }
            for entry in review.entries {
                let action = entry.decision.action == .remove ? "remove" : "keep  "
                let path = entry.kind == .box ? entry.path.map { "  (\($0))" } ?? "" : ""
                printLines("\(action)  \(entry.scope.description.rightPadded(to: 8))  \(entry.subject)  \(entry.summary)\(path)")
                printLines("        \(entry.decision.category.rawValue): \(entry.decision.reason)")
            }
            let removed = review.entries.filter { $0.decision.action == .remove }.count
            print("\(removed) of \(review.entries.count) removed")
            if outputOptions.inPlace {
                let total = erased.reduce(UInt64(0)) { $0 + UInt64($1.count) }
                print("in place: \(erased.count) ranges, \(total) bytes would be overwritten with zeros:")
                for range in erased { print("  0x\(String(range.lowerBound, radix: 16))  \(range.count) bytes") }
            } else {
                print("new file: removed items and boxes are not copied, nor any media byte no kept track uses")
            }
        } catch {
            throw CommandFailure(file: path, error)
        }
    }

    private static func json(_ entry: SharingReview.Entry) -> JSONValue {
        .object([
            ("action", .string(entry.decision.action.rawValue)), ("kind", .string(entry.kind.rawValue)),
            ("subject", .string(entry.subject)), ("scope", .string(entry.scope.description)),
            ("trackID", entry.scope.trackID.map { .unsigned($0) } ?? .null),
            ("category", .string(entry.decision.category.rawValue)), ("reason", .string(entry.decision.reason)),
            ("rule", .string(entry.decision.pattern)), ("summary", .string(entry.summary)),
            ("path", entry.path.map { .string($0) } ?? .null),
            ("offset", entry.byteRange.map { .unsigned($0.lowerBound) } ?? .null),
            ("length", entry.byteRange.map { .unsigned($0.count) } ?? .null),
        ])
    }
}
