import ISOBMFF
import TimedText

/// Reads a text track's samples and decodes them into cues: 3GPP timed text (`tx3g`), WebVTT in
/// ISO BMFF (`wvtt`) and QuickTime text (`text`, used by chapter tracks and legacy subtitles).
///
/// Times are media times in the track's timescale turned into ``SubtitleTime``; edit lists are
/// not applied. The samples are read within ``SampleDataReader/textTrack``'s budget.
public enum TextTrackReader {
    /// The sample entry formats this reader decodes.
    public static let codecs: Set<FourCC> = ["tx3g", "wvtt", "text"]

    /// The cues of `track` (and a `wvtt` track's header).
    public static func content(of track: Track, in movie: Movie) throws(TextTrackReadError) -> TextTrackContent {
        guard let entry = track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first,
              let codec = track.codec, codecs.contains(codec) else {
            throw .notText("\(track.mediaType.rawValue), \(track.codec?.description ?? "no sample description")")
        }
        if movie.isFragmented, track.tableSampleCount == 0 { throw .fragmented }
        let timescale = track.mediaHeader.timescale
        let samples: [TimedTextSample]
        do {
            samples = try SampleDataReader.textTrack.samples(of: track).map { data in
                TimedTextSample(start: Int64(clamping: data.sample.decodeTime), duration: Int64(data.sample.duration), bytes: data.bytes)
            }
        } catch { throw .box(error) }
        do throws(SampleCodecError) {
            switch codec {
            case "tx3g":
                let description = try Tx3gSampleDescription(entry)
                let track = try Tx3gSampleDecoder.track(from: samples, timescale: timescale, description: description)
                return TextTrackContent(cues: track.cues, losses: track.losses)
            case "wvtt":
                let description = try WebVTTSampleDescription(entry)
                return TextTrackContent(cues: try WebVTTSampleDecoder.cues(from: samples, timescale: timescale), header: description.header)
            default:
                return TextTrackContent(cues: try QuickTimeTextSampleDecoder.cues(from: samples, timescale: timescale))
            }
        } catch {
            throw .codec(error)
        }
    }
}
