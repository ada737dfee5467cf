import ISOBMFF
import Movie
import TimedText

/// Reads a text track's samples and decodes them into cues: 3GPP timed text (`tx3g`), WebVTT in
/// ISO BMFF (`wvtt`), TTML in ISO BMFF (`stpp`), QuickTime text (`text`, used by chapter tracks and legacy subtitles) and
/// CEA-608 closed captions (`c608`, one channel at a time).
///
/// ``content(of:in:channel:)`` gives media times in the track's timescale turned into
/// `SubtitleTime`; ``movieContent(of:in:channel:)`` and ``captionBursts(of:in:frameRate:)`` place
/// them on the movie timeline through the track's edit list (`EditListTimeline`). Samples in
/// movie fragments (`moof`) are read after those of the sample table. The samples are read
/// within `SampleDataReader.textTrack`'s budget.
public enum TextTrackReader {
    /// The sample entry formats of subtitle and text tracks this reader decodes.
    public static let codecs: Set<FourCC> = ["tx3g", "wvtt", "stpp", "text"]

    /// The cues of `track` (and a `wvtt` track's header). For a closed-caption track, the cues of
    /// `channel`, by default CC1, or the first channel with captions when CC1 has none.
    public static func content(of track: Track, in movie: Movie, channel: CEA608Channel? = nil) throws(TextTrackReadError) -> TextTrackContent {
        if track.codec == ClosedCaptionSample.format {
            let captions = try captions(of: track, in: movie)
            let chosen = channel ?? (captions.channels.contains(.cc1) ? .cc1 : captions.channels.first ?? .cc1)
            if channel != nil, captions.cues(for: chosen).isEmpty, !captions.channels.isEmpty {
                throw .emptyChannel(chosen, available: captions.channels.map { present in
                    let count = captions.cues(for: present).count
                    return "\(present) (\(count) cue\(count == 1 ? "" : "s"))"
                }.joined(separator: ", "))
            }
            return TextTrackContent(cues: captions.cues(for: chosen), channel: chosen, captions: captions)
        }
        let (codec, entry, samples) = try read(track, in: movie, codecs: codecs)
        let timescale = track.mediaHeader.timescale
        do throws(SampleCodecError) {
            switch codec {
            case "tx3g":
                let description = try Tx3gSampleDescription(entry)
                let track = try Tx3gSampleDecoder.track(from: samples, timescale: timescale, description: description)
                return TextTrackContent(cues: track.cues, losses: track.losses)
            case "wvtt":
                let description = try WebVTTSampleDescription(entry)
                return TextTrackContent(cues: try WebVTTSampleDecoder.cues(from: samples, timescale: timescale), header: description.header)
            case "stpp":
                _ = try TTMLSampleDescription(entry)
                let decoded = try TTMLSampleDecoder.cues(from: samples, timescale: timescale)
                return TextTrackContent(cues: decoded.cues, losses: decoded.losses)
            default:
                return TextTrackContent(cues: try QuickTimeTextSampleDecoder.cues(from: samples, timescale: timescale))
            }
        } catch {
            throw .codec(error)
        }
    }

    /// ``content(of:in:channel:)`` with the cues on the movie timeline, where the track's edit
    /// list shows them (ISO/IEC 14496-12 §8.6.6): what a player shows, and what an export of the
    /// track lines up with. Cues no edit shows are left out.
    public static func movieContent(of track: Track, in movie: Movie, channel: CEA608Channel? = nil) throws(TextTrackReadError) -> TextTrackContent {
        var content = try content(of: track, in: movie, channel: channel)
        content.cues = EditListTimeline(track: track, in: movie).movieCues(content.cues)
        return content
    }

    /// Every channel of a `c608` track, decoded on ``captionFrameRate(of:in:)``.
    public static func captions(of track: Track, in movie: Movie) throws(TextTrackReadError) -> CEA608Captions {
        let (_, _, samples) = try read(track, in: movie, codecs: [ClosedCaptionSample.format])
        let timescale = track.mediaHeader.timescale
        let end = samples.last.flatMap { last in
            let (sum, overflow) = last.start.addingReportingOverflow(max(0, last.duration))
            return SubtitleTime(units: overflow ? .max : sum, timescale: timescale)
        }
        do throws(SampleCodecError) {
            return try ClosedCaptionTrackCodec.captions(from: samples, timescale: timescale,
                                                        frameRate: captionFrameRate(of: track, in: movie), end: end)
        } catch {
            throw .codec(error)
        }
    }

    /// The byte pairs of a `c608` track as bursts on `frameRate`'s grid, each sample's from the
    /// frame nearest where the track's edit list shows its start on the movie timeline: what an
    /// SCC export writes (on the 29.97 grid). Samples no edit shows are left out.
    public static func captionBursts(of track: Track, in movie: Movie,
                                     frameRate: CEA608FrameRate) throws(TextTrackReadError) -> (field1: [CEA608Burst], field2: [CEA608Burst]) {
        let (_, _, samples) = try read(track, in: movie, codecs: [ClosedCaptionSample.format])
        do throws(SampleCodecError) {
            let bursts = try ClosedCaptionTrackCodec.bursts(from: samples, timescale: track.mediaHeader.timescale, frameRate: frameRate)
            let timeline = EditListTimeline(track: track, in: movie)
            return (timeline.movieBursts(bursts.field1, frameRate: frameRate), timeline.movieBursts(bursts.field2, frameRate: frameRate))
        } catch {
            throw .codec(error)
        }
    }

    /// The grid a `c608` track's pairs are spaced on, one pair per video frame (QTFF "Closed
    /// captioning sample data"): the main video's frame rate when the track shares its timescale
    /// (as tracks Legible encodes from text do), else 29.97, the rate of line 21 and of SCC
    /// files (what FFmpeg's SCC tracks carry, whatever the video).
    public static func captionFrameRate(of track: Track, in movie: Movie) -> CEA608FrameRate {
        guard let video = movie.mainVideoTrack, video.mediaHeader.timescale == track.mediaHeader.timescale,
              let duration = video.nominalSampleDuration,
              let rate = CEA608FrameRate(timescale: video.mediaHeader.timescale, frameDuration: duration) else { return .ntsc }
        return rate
    }

    /// The sample entry and samples of a track of one of `codecs`.
    private static func read(_ track: Track, in movie: Movie,
                             codecs: Set<FourCC>) throws(TextTrackReadError) -> (FourCC, Box, [TimedTextSample]) {
        guard let entry = track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first,
              let codec = track.codec, codecs.contains(codec) else {
            throw .notText("\(track.mediaType.rawValue), \(track.codec?.description ?? "no sample description")")
        }
        do {
            let samples = try SampleDataReader.textTrack.samples(of: track, in: movie).map { data in
                TimedTextSample(start: Int64(clamping: data.sample.decodeTime), duration: Int64(data.sample.duration), bytes: data.bytes)
            }
            return (codec, entry, samples)
        } catch { throw .box(error) }
    }
}
