import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif
import ISOBMFF
import Metadata
import Movie
import Remux

/// `legible add-metadata-track`: append a timed metadata track (`mebx`) to a movie.
struct AddMetadataTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-metadata-track",
        abstract: "Add a timed metadata track (mebx: locations from GPX, or any keys from JSON) to a movie, copying everything else unchanged.",
        discussion: """
        The track is written as iPhone writes its own (QTFF "Timed Metadata Media"): handler \
        meta, one mebx sample description with the key table, one sample per group of values; \
        time without values becomes an explicit "no metadata" sample. It describes the first \
        video track (a cdsc reference) unless --describes names another, or 'movie'.

        GPX (1.1): track points (else route points, else waypoints) become \
        mdta/com.apple.quicktime.location.ISO6709 values, each lasting until the next point. \
        Every point needs a <time>. The first point is at 0 s, unless --start gives the date \
        and time the movie's 0 s stands for (e.g. when recording began): then each point is at \
        its time minus --start and earlier points are left out.

        JSON: {"keys": [{"identifier": "mdta/…", "dataType": "utf8"}],
               "groups": [{"start": 0.0, "duration": 1.5, "items": {"mdta/…": "value"}}]}
        Times are seconds. A group without duration lasts until the next group's start; the \
        last one until the movie's end (1 s if it starts after it). Empty items is an explicit \
        gap; values sharing their timing go in one group. Values are strings, numbers, lists of \
        numbers, or {"hex": "…"} for bytes, as the key's dataType (utf8, int16, float32, \
        point-f32, …) requires; keys not listed get a type from their first value. A key's \
        "language" (BCP 47: fr-CA) is written as its metadata locale atom (loca); keys that \
        differ only by language are named in items as "mdta/…@fr-CA". A "dataType" that is a \
        reverse-DNS name of your own (com.example.serialnumber) is written as a type name \
        (dtyp), its values {"hex": "…"}. A key the format does not have is an error. Groups past \
        the movie's end are dropped and one running past it is cut, with a warning.

        Output: -o writes a new file; --in-place appends to the source (see add-subtitles).

        Examples:
          legible add-metadata-track movie.mov --from ride.gpx -o movie-gps.mov
          legible add-metadata-track movie.mov --from ride.gpx --start 2024-06-01T09:30:00Z --in-place
          legible add-metadata-track movie.mp4 --from groups.json --describes 1 --name "Scenes" -o out.mp4

        Exit status: 0 on success; 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Option(help: "The values: a GPX file (.gpx) or a JSON document (.json).")
    var from: String

    @Option(help: "The track the metadata describes (a track ID), or 'movie' for the whole movie. Default: the first video track.")
    var describes: String?

    @Option(help: "For GPX: the ISO 8601 date and time of the movie's 0 s (2024-06-01T09:30:00Z). Default: the first point's time.")
    var start: String?

    @Option(help: "The track's name.")
    var name: String?

    @OptionGroup var pastEndOption: PastEndOption

    @OptionGroup var outputOptions: EditOutputOptions

    func validate() throws {
        if let describes, describes != "movie", UInt32(describes) == nil {
            throw ValidationError("--describes takes a track ID or 'movie', not '\(describes)'")
        }
        if let start, ISO8601Timestamp.seconds(from: start) == nil {
            throw ValidationError("--start takes an ISO 8601 date and time such as 2024-06-01T09:30:00Z, not '\(start)'")
        }
    }

    func run() throws {
        try outputOptions.run(movie: movie) { editor in
            let document = try readDocument()
            let resolved: (keys: [TimedMetadataKey], groups: [TimedMetadataGroup], diagnostics: [String])
            do throws(MetadataInputError) {
                // The engine holds the groups to the movie's end (--past-end) and reports it as
                // it does for every added track; the document only needs the end for a last
                // group without a duration.
                resolved = try document.resolved(movieEnd: editor.movie.durationSeconds, pastEnd: .extend)
            } catch {
                throw CommandFailure("\(from): \(error)")
            }
            if !outputOptions.quiet { for diagnostic in resolved.diagnostics { printWarning("\(from): \(diagnostic)") } }
            let request = MetadataTrackRequest(keys: resolved.keys, groups: resolved.groups,
                                               describedTrackIDs: try describedTracks(in: editor.movie), name: name)
            return EditPlan(metadataTracks: [request], brand: outputOptions.resolvedBrand(sourcePath: movie), pastEnd: pastEndOption.pastEnd)
        } describe: { report in
            ["added timed metadata track \(report.addedTrackIDs.map(String.init).joined(separator: ", ")) to \(report.path) (\(report.fileSize) bytes)"]
        }
    }

    /// `--describes`, else the first video track (none when the movie has no video).
    private func describedTracks(in movie: Movie) throws -> [UInt32] {
        switch describes {
        case "movie"?: return []
        case let text?:
            guard let id = UInt32(text), movie.track(id: id) != nil else {
                throw CommandFailure("--describes \(text): no such track; the movie's tracks are \(movie.tracks.map { String($0.id) }.joined(separator: ", "))")
            }
            return [id]
        case nil:
            return movie.tracks.first { $0.mediaType == .video }.map { [$0.id] } ?? []
        }
    }

    private func readDocument() throws -> TimedMetadataDocument {
        let bytes: [UInt8]
        do {
            bytes = try SmallInputFile.read(from, limit: UInt64(GPXTrackParser.maxInputBytes), kind: "a GPX or JSON document")
        } catch {
            throw CommandFailure("\(from): \(error)")
        }
        let firstCharacter = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let isJSON = from.lowercased().hasSuffix(".json") || (!from.lowercased().hasSuffix(".gpx") && firstCharacter == UInt8(ascii: "{"))
        if isJSON {
            guard start == nil else { throw CommandFailure("--start applies to GPX input; a JSON document gives its own times") }
            do {
                return try JSONDecoder().decode(TimedMetadataDocument.self, from: Data(bytes))
            } catch let error as DecodingError {
                // Foundation's decoder says only "not valid JSON" of a syntax error; say where.
                let place = JSONSyntaxLocator.firstError(in: bytes).map { "not JSON: \($0)" } ?? error.explanation
                throw CommandFailure("\(from): not a timed metadata document: \(place)")
            }
        }
        do throws(MetadataInputError) {
            let startTime = start.flatMap(ISO8601Timestamp.seconds(from:))
            return try TimedMetadataDocument(locations: try GPXTrackParser.parse(bytes: bytes), start: startTime)
        } catch {
            throw CommandFailure("\(from): \(error)")
        }
    }
}
