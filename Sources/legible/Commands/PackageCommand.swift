import ISOBMFF
import ArgumentParser
import Delivery
import Movie
import TimedText

/// `legible package`: a movie as HLS with fragmented MP4 (CMAF) segments.
struct PackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract: "Package a movie for HLS: CMAF segments of every video and audio track, WebVTT subtitle renditions, and a multivariant playlist with the movie's accessibility signals.",
        discussion: """
        Every video and audio track is written as CMAF (ISO/IEC 23000-19): a header \
        TRACK.init.mp4 (ftyp cmfc/iso6, moov with mvex/trex, the track's own sample entry, \
        tkhd, mdhd, handler and udta) and segments TRACK.N.m4s (styp, moof, mdat) cut at the \
        main video's sync samples, the first at or after each --segment-duration, audio cut \
        at the same times. Sample bytes are copied unchanged, in runs, by the kernel where it \
        can (copy_file_range). Each file is written to a temporary file and renamed into place.

        The subtitle and caption tracks become the WebVTT renditions `legible hls` writes \
        (forced-only twins FORCED=YES, their cues also in the full rendition, SDH and caption \
        characteristics, closed captions as WebVTT), their X-TIMESTAMP-MAP set to the video \
        segments' time of the movie's start.

        master.m3u8 (RFC 8216 section 4.3.4) offers: an EXT-X-STREAM-INF per video track \
        (BANDWIDTH the highest segment bit rate, AVERAGE-BANDWIDTH the mean, both with the \
        highest audio rendition's; CODECS from avcC and esds; RESOLUTION; FRAME-RATE), an \
        EXT-X-MEDIA TYPE=AUDIO per audio track (NAME as `legible info` labels it, LANGUAGE, \
        DEFAULT for the enabled track of the audio group, CHANNELS, CHARACTERISTICS from tagc, \
        e.g. public.accessibility.describes-video), and the subtitle renditions. What the \
        movie does not say (a language, a codec profile) is named in a warning.

        Not yet: DASH (an MPD), fragmented wvtt/stpp text, HEVC CODECS strings.

        Examples:
          legible package movie.mov -o out
          legible package movie.mp4 -o out --segment-duration 4 --json

        Exit status: 0 on success; 2 if the file cannot be read, has no video or audio, or the \
        output folder is not empty.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v) file.")
    var file: String

    @Option(name: [.customShort("o"), .customLong("output")], help: "The output folder (created if missing, must be empty; its parent must exist).")
    var output: String

    @Option(help: "Target segment length in seconds (segments start at the next video sync sample).")
    var segmentDuration: Double = 6

    @Option(help: "Name languages in English (Spanish) or in themselves (Español).")
    var names: LanguageNaming = .english

    @Flag(help: "Print the renditions, with the movie track each came from, as JSON.")
    var json = false

    func validate() throws {
        guard segmentDuration.isFinite, segmentDuration >= 0.1, segmentDuration <= 3_600 else {
            throw ValidationError("--segment-duration must be from 0.1 to 3600 seconds")
        }
    }

    func run() throws {
        let movie = try Movie.openForCommand(path: file)
        let options = HLSOptions(segmentDuration: SubtitleTime(microseconds: Int64((segmentDuration * 1_000_000).rounded())),
                                 naming: names)
        let package = try DeliveryCommandLine.run(file) { () throws(DeliveryError) in
            try StreamingPackage(movie: movie, movieName: DeliveryCommandLine.movieName(file), folder: output, options: options)
        }
        for warning in package.warnings { printWarning("\(file): \(warning)") }
        guard json else {
            print("wrote \(output)/\(StreamingPackage.multivariantName): \(package.renditions.count) renditions")
            return
        }
        print(JSONValue.object([
            ("file", .string(file)), ("output", .string(output)), ("segmentDuration", .number(segmentDuration)),
            ("multivariantPlaylist", .string(StreamingPackage.multivariantName)),
            ("renditions", .array(package.renditions.map { rendition in
                .object([("type", .string(rendition.type)), ("trackID", .unsigned(rendition.trackID)),
                         ("playlist", .string(rendition.playlist)), ("name", .string(rendition.name)),
                         ("language", .string(rendition.language)), ("codecs", .string(rendition.codecs)),
                         ("bandwidth", rendition.bandwidth.map { .integer($0) } ?? .null)])
            })),
            ("warnings", .array(package.warnings.map { .string($0) })),
        ]).rendered())
    }
}
