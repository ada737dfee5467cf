import ISOBMFF
import ArgumentParser
import Delivery
import Language
import Movie
import TimedText

/// `legible package`: a movie as HLS and DASH from one set of fragmented MP4 (CMAF) segments.
struct PackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract: "Package a movie for HLS and DASH: CMAF segments of every video and audio track, subtitles as WebVTT, and a multivariant playlist and an MPD with the movie's accessibility signals.",
        discussion: """
        Every video and audio track is written as CMAF (ISO/IEC 23000-19): a header \
        TRACK.init.mp4 (ftyp cmfc/iso6, moov with mvex/trex, the track's own sample entry, \
        tkhd, mdhd, handler and udta) and segments TRACK.N.m4s (styp, moof, mdat), N from 1, \
        cut at the main video's sync samples, the first at or after each --segment-duration, \
        audio cut at the same times. Sample bytes are copied unchanged, in runs, by the kernel \
        where it can (copy_file_range). Each file is written to a temporary file and renamed \
        into place. --hls and --dash choose what offers the segments; with neither, both do, \
        sharing the same files.

        HLS (--hls): master.m3u8 (RFC 8216 section 4.3.4) offers an EXT-X-STREAM-INF per video \
        track (BANDWIDTH the highest segment bit rate, AVERAGE-BANDWIDTH the mean, both with the \
        highest audio rendition's; CODECS from avcC and esds; RESOLUTION; FRAME-RATE), an \
        EXT-X-MEDIA TYPE=AUDIO per audio track (NAME as `legible info` labels it, LANGUAGE, \
        DEFAULT for the enabled track of the audio group, CHANNELS, CHARACTERISTICS from tagc, \
        e.g. public.accessibility.describes-video), and the subtitle and caption tracks as the \
        WebVTT renditions `legible hls` writes (forced-only twins FORCED=YES, their cues also \
        in the full rendition, SDH and caption characteristics, closed captions as WebVTT), \
        their X-TIMESTAMP-MAP set to the video segments' time of the movie's start. A movie \
        with chapters (as `legible chapters` lists them) also gets chapters.json, Apple's HLS \
        JSON chapter format (number, start-time and duration in seconds on the packaged \
        timeline, a title per language), named by EXT-X-SESSION-DATA \
        DATA-ID="com.apple.hls.chapters".

        DASH (--dash): manifest.mpd, a static MPD (ISO/IEC 23009-1, profile \
        urn:mpeg:dash:profile:isoff-live:2011) with one Period and an AdaptationSet per media \
        type, language and role. Video and audio Representations have the measured peak \
        @bandwidth, @codecs, @width/@height/@frameRate or @audioSamplingRate and \
        AudioChannelConfiguration, and a SegmentTemplate (TRACK.init.mp4, TRACK.$Number$.m4s) \
        with a SegmentTimeline of the segments' real durations; presentationTimeOffset puts \
        the movie's start at the Period's start. Each subtitle and caption track is one WebVTT \
        file on the movie timeline (MOVIE.TRACK.LANGUAGE.vtt, as `legible html` writes it), a \
        text/vtt AdaptationSet whose Representation names it by BaseURL. @lang is the track's \
        BCP 47 language; Label the name a menu shows. Signalled from the movie's groups, \
        enabled flags and tagc (the same facts as HLS): Role (urn:mpeg:dash:role:2011) main for \
        the enabled track of its group and alternate for the others, description for audio \
        description (tagc public.accessibility.describes-video), \
        enhanced-audio-intelligibility, subtitle, caption for closed captions and SDH, \
        forced-subtitle for forced-only text, main for the default subtitle track, easyreader; \
        Accessibility (urn:tva:metadata:cs:AudioPurposeCS:2007) 1 for audio description and 2 \
        for captions and SDH. ffmpeg's DASH demuxer opens only files whose extension is on \
        its list: `ffmpeg -allowed_extensions ALL -i "$PWD/out/manifest.mpd"` lets it read the \
        .vtt files (ffmpeg 5.1 also wants the MPD's path absolute). With --text wvtt each subtitle and caption track is a CMAF WebVTT track \
        instead (ISO/IEC 14496-30 wvtt samples, vtte where no cue shows, segments \
        TEXT.N.m4s cut with the video's), an application/mp4 AdaptationSet with a \
        SegmentTemplate as the media have; players and ffmpeg read it with no extra option. \
        With --text stpp each is a CMAF TTML track (ISO/IEC 14496-30 stpp, handler subt): one \
        IMSC1 Text document per segment holding the cues shown during it (times on the track's \
        timeline, as ISO/IEC 14496-30 says; a document with no p where none shows), an \
        application/mp4 AdaptationSet with codecs stpp.ttml.im1t, what DASH players such as \
        dash.js and the castlabs SDK render. What the text format cannot carry (WebVTT voice \
        spans in TTML, say) is named in a warning.

        Accessibility options (audio description, SDH, closed captions) are for viewers who \
        ask for them: when one is the enabled track of its group, no rendition of its kind is \
        DEFAULT=YES or Role main (it stays AUTOSELECT=YES) and a warning says so; \
        --default-track N makes track N, audio or subtitles, the default of its kind outright.

        What the movie does not say (a language, a codec profile) is named in a warning. \
        --json lists every rendition with the movie track it came from, its HLS playlist, its \
        DASH Representation and the Role and Accessibility descriptors.

        Not yet: fragmented text in HLS.

        Examples:
          legible package movie.mov -o out
          legible package movie.mov -o out --dash
          legible package movie.mov -o out --dash --text wvtt
          legible package movie.mov -o out --dash --text stpp
          legible package movie.mp4 -o out --segment-duration 4 --json

        An output folder that already holds files is refused unless --overwrite (which \
        replaces files of the same name and leaves others). --quiet prints nothing but errors.

        Exit status: 0 on success; 2 if the file cannot be read, has no video or audio, or the \
        output folder is not empty (without --overwrite).
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v) file.")
    var file: String

    @Option(name: [.customShort("o"), .customLong("output")], help: "The output folder (created if missing, empty unless --overwrite; its parent must exist).")
    var output: String

    @Flag(help: "Write HLS: media playlists, WebVTT renditions and master.m3u8 (with --dash: both; with neither: both).")
    var hls = false

    @Flag(help: "Write DASH: WebVTT files and manifest.mpd (with --hls: both; with neither: both).")
    var dash = false

    @Option(help: "DASH text: webvtt (one side-loaded WebVTT file per track) wvtt (CMAF WebVTT segments) or stpp (CMAF TTML segments).")
    var text: StreamingText = .webVTT

    @Option(help: "Target segment length in seconds (segments start at the next video sync sample).")
    var segmentDuration: Double = 6

    @Option(help: "Name languages in English (Spanish) or in themselves (Español).")
    var names: LanguageNaming = .english

    @Option(help: "The audio or subtitle track that is the default of its kind (even audio description, SDH or captions, which are otherwise never the default).")
    var defaultTrack: UInt32?

    @OptionGroup var writing: WritingOptions
    var overwrite: Bool { writing.overwrite }
    var json: Bool { writing.json }

    func validate() throws {
        guard segmentDuration.isFinite, segmentDuration >= 0.1, segmentDuration <= 3_600 else {
            throw ValidationError("--segment-duration must be from 0.1 to 3600 seconds")
        }
        if text != .webVTT && !formats.contains(.dash) {
            throw ValidationError("--text chooses the DASH text form; HLS keeps its WebVTT renditions, so add --dash or leave --text out")
        }
    }

    /// The formats asked for: both when neither flag is given.
    var formats: StreamingFormats {
        var formats: StreamingFormats = []
        if hls { formats.insert(.hls) }
        if dash { formats.insert(.dash) }
        return formats.isEmpty ? [.hls, .dash] : formats
    }

    func run() throws {
        try OutputTarget.folder(output).check(overwrite: overwrite)
        let movie = try Movie.openForCommand(path: file)
        let options = HLSOptions(segmentDuration: SubtitleTime(microseconds: Int64((segmentDuration * 1_000_000).rounded())),
                                 naming: names, defaultTrack: defaultTrack)
        let formats = formats
        let display = ProgressDisplay(style: writing.quiet ? .none : writing.progress)
        let package = try DeliveryCommandLine.run(file) { () throws(DeliveryError) in
            defer { display.finish() }
            return try StreamingPackage(movie: movie, movieName: DeliveryCommandLine.movieName(file), folder: output, options: options,
                                        formats: formats, text: text, replacingFiles: overwrite, progress: display.callback)
        }
        let warnings = DeliveryCommandLine.warnings(package.warnings, withheld: package.withheldDefaults)
        for warning in warnings where !writing.quiet { printWarning("\(file): \(warning)") }
        let entryPoints = (formats.contains(.hls) ? [StreamingPackage.multivariantName] : [])
            + (formats.contains(.dash) ? [StreamingPackage.manifestName] : [])
        guard json else {
            if writing.quiet { return }
            print("wrote " + entryPoints.map { "\(output)/\($0)" }.joined(separator: " and ") + ": \(package.renditions.count) renditions")
            return
        }
        print(JSONValue.object([
            ("file", .string(file)), ("output", .string(output)), ("segmentDuration", .number(segmentDuration)),
            ("multivariantPlaylist", formats.contains(.hls) ? .string(StreamingPackage.multivariantName) : .null),
            ("manifest", formats.contains(.dash) ? .string(StreamingPackage.manifestName) : .null),
            ("text", formats.contains(.dash) ? .string(text.rawValue) : .null),
            ("chapters", .string(package.chaptersFile)),
            ("renditions", .array(package.renditions.map { rendition in
                .object([("type", .string(rendition.type)), ("trackID", .unsigned(rendition.trackID)),
                         ("playlist", .string(rendition.playlist)), ("representation", .string(rendition.representation)),
                         ("name", .string(rendition.name)), ("language", .string(rendition.language)),
                         ("codecs", .string(rendition.codecs)), ("bandwidth", rendition.bandwidth.map { .integer($0) } ?? .null),
                         ("roles", rendition.signalling.map { .array($0.roles.map { .string($0) }) } ?? .null),
                         ("accessibility", rendition.signalling.map { signalling in
                             .array(signalling.accessibility.map { .object([("scheme", .string($0.scheme)), ("value", .string($0.value))]) })
                         } ?? .null)])
            })),
            ("warnings", .array(warnings.map { .string($0) })),
        ]).rendered())
    }
}
