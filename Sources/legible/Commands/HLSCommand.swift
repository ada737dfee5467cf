import ISOBMFF
import ArgumentParser
import Delivery
import Language
import Movie
import TimedText

/// `legible hls`: a movie's subtitle tracks as HLS WebVTT renditions.
struct HLSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hls",
        abstract: "Write a movie's subtitle tracks as HLS subtitle renditions: WebVTT segments, media playlists and EXT-X-MEDIA tags.",
        discussion: """
        Every subtitle and caption track a player would offer (chapter tracks are left out; the \
        forced-only twin of a forc pair is a rendition of its own, FORCED=YES) becomes, in the \
        output folder: WebVTT segments TRACK.LANGUAGE.N.vtt covering the whole movie in \
        --segment-duration pieces (empty ones too, so the timeline has no holes; a cue crossing \
        a boundary is in both segments with its full times, RFC 8216 section 3.5), and a VOD \
        media playlist TRACK.LANGUAGE.m3u8. Cue times follow the track's edit list onto the \
        movie timeline, as the video's are.

        The EXT-X-MEDIA:TYPE=SUBTITLES tags that offer the renditions are printed and written \
        to subtitles.m3u8-media, to paste into the multivariant playlist (add \
        SUBTITLES="GROUP" to each EXT-X-STREAM-INF). NAME is the label `legible info` shows \
        (with --names native the language is named in itself: "Español", "Deutsch SDH"); \
        LANGUAGE the elng tag, else the mdhd code, as short BCP 47 (eng -> en); DEFAULT=YES on \
        the enabled track of the subtitle group unless it is SDH or captions (those are for \
        viewers who ask for them; --default-track names the default outright); FORCED=YES on \
        forced-only tracks, whose cues the full rendition of their language also gets when it \
        lacks them (Apple's HLS Authoring Specification); \
        CHARACTERISTICS the track's tagc strings as the file has them.

        Lining up with the video (--mpegts-offset): every segment starts \
        X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:N, which tells the player that cue time 0 \
        (the start of the movie) is MPEG-2 timestamp N (90 kHz) in the video segments; without \
        it, players take cue time 0 as timestamp 0. The default 126000 (1.4 s) is where \
        ffmpeg's hls muxer starts MPEG-TS segments (twice its -muxdelay of 0.7 s). For fMP4 \
        video segments (ffmpeg -hls_segment_type fmp4) or ffmpeg -muxdelay 0, use 0; Apple's \
        examples start at 900000 (10 s). To check your video, take its first segment's start: \
        ffprobe -v error -show_entries stream=start_time -of csv=p=0 seg0.ts, times 90000.

        Files are written through temporary files renamed into place, segments before \
        playlists. An output folder that already holds files is refused unless --overwrite \
        (which replaces files of the same name and leaves others). --json prints the \
        renditions, files and tags; --quiet prints nothing but errors.

        Examples:
          legible hls movie.mov -o subs
          legible hls movie.mov -o subs --segment-duration 4 --group-id text
          legible hls movie.mov -o subs --mpegts-offset 0      (fMP4 video segments)
          legible hls movie.mov -o subs --names native          (NAME="Español")
          legible hls movie.mov -o subs --json | jq '.renditions[].playlist'

        Exit status: 0 on success; 2 if the file cannot be read, has no subtitle track, has a \
        subtitle track whose media is in another file (check rule self-contained), has an edit \
        list other than [empty edit +] one edit, or the output folder is not empty.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v) file.")
    var file: String

    @Option(name: [.customShort("o"), .customLong("output")], help: "The output folder (created if missing; its parent must exist).")
    var output: String

    @Option(help: "Segment length in seconds (decimals allowed).")
    var segmentDuration: Double = 6

    @Option(name: .customLong("group-id"), help: "The GROUP-ID of the renditions, named by EXT-X-STREAM-INF's SUBTITLES.")
    var groupID = "subs"

    @Option(name: .customLong("mpegts-offset"), help: "The 90 kHz MPEG-2 timestamp of movie time 0 in the video segments (see above).")
    var mpegtsOffset: Int64 = HLSOptions.ffmpegMPEGTSOffset

    @Option(help: "Name languages in English (Spanish, as `legible info` does) or in themselves (Español, from CLDR).")
    var names: LanguageNaming = .english

    @Option(help: "The track whose subtitles are the default (even SDH or captions, which are otherwise never the default).")
    var defaultTrack: UInt32?

    @OptionGroup var writing: WritingOptions
    var overwrite: Bool { writing.overwrite }
    var json: Bool { writing.json }

    func validate() throws {
        guard segmentDuration.isFinite, segmentDuration >= 0.001, segmentDuration <= 86_400 else {
            throw ValidationError("--segment-duration must be from 0.001 to 86400 seconds")
        }
        guard (0..<HLSOptions.mpegtsLimit).contains(mpegtsOffset) else {
            throw ValidationError("--mpegts-offset must be from 0 to \(HLSOptions.mpegtsLimit - 1) (a 33-bit 90 kHz timestamp)")
        }
        guard SubtitleMediaTag.isValidGroupID(groupID) else {
            throw ValidationError("--group-id must be non-empty, without double quotes or line breaks")
        }
    }

    func run() throws {
        try OutputTarget.folder(output).check(overwrite: overwrite)
        let movie = try Movie.openForCommand(path: file)
        let options = HLSOptions(segmentDuration: SubtitleTime(microseconds: Int64((segmentDuration * 1_000_000).rounded())),
                                 groupID: groupID, mpegtsOffset: mpegtsOffset, naming: names,
                                 defaultTrack: defaultTrack)
        let package = try DeliveryCommandLine.run(file) { () throws(DeliveryError) in
            try HLSPackage(movie: movie, movieName: DeliveryCommandLine.movieName(file), options: options)
        }
        try DeliveryCommandLine.run(output) { () throws(DeliveryError) in
            try DeliveryFolder.write(package.files, into: output, existing: overwrite ? .overwrite : .refuseNonEmptyFolder)
        }
        let warnings = DeliveryCommandLine.warnings(package.warnings, withheld: package.withheldDefaults)
        for warning in warnings where !writing.quiet { printWarning("\(file): \(warning)") }
        let tags = package.renditions.map(\.mediaTag.line)
        guard json else {
            if !writing.quiet { printLines(tags.joined(separator: "\n")) }
            return
        }
        let renditions: [JSONValue] = package.renditions.map { rendition in
            .object(DeliveryCommandLine.trackJSON(rendition.track) + [
                ("autoselect", .bool(rendition.mediaTag.autoselect)),
                ("playlist", .string(rendition.playlistName)),
                ("targetDuration", .integer(rendition.playlist.targetDuration)),
                ("segments", .array(rendition.playlist.entries.map { .string($0.uri) })),
                ("mediaTag", .string(rendition.mediaTag.line)),
            ])
        }
        print(JSONValue.object([
            ("file", .string(file)), ("output", .string(output)), ("segmentDuration", .number(segmentDuration)),
            ("groupID", .string(groupID)), ("mpegtsOffset", .integer(mpegtsOffset)),
            ("renditions", .array(renditions)), ("mediaTagsFile", .string(HLSPackage.mediaTagsFileName)),
            ("mediaTags", .array(tags.map { .string($0) })), ("warnings", .array(warnings.map { .string($0) })),
        ]).rendered())
    }
}
