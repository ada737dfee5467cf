import Conversion
import FileOutput
import ISOBMFF
import Movie
import TimedText

/// A legible track as a CMAF text track (ISO/IEC 23000-19 §11.2) on the packaged timeline,
/// covering it from 0 to the movie's end, every segment holding exactly its own time:
/// - `wvtt` (ISO/IEC 14496-30 §7): the cues as `WebVTTSampleEncoder` samples (a `vttc` per cue
///   shown, a `vtte` where none is, as §7.4 has gaps filled), each sample that crosses a segment
///   start cut there (a cue cut in two is in both samples, as the format repeats a cue that
///   spans samples);
/// - `stpp` (ISO/IEC 14496-30 §5): one IMSC1 Text document (`TTMLWriter`) per segment with
///   the cues shown during it, a document with no `p` where none is.
public enum CMAFTextTrack {
    /// Milliseconds: the precision of WebVTT times.
    public static let timescale: UInt32 = 1000

    /// Writes `track` (cues on the movie timeline) in `format` as `STEM.init.mp4` and
    /// `STEM.N.m4s` into `folder`, movie time 0 at time 0 of the packaged timeline (as
    /// ``CMAFTimeline`` places the media), cut by `segmentation`; `source` is the movie's track, whose ID, language and
    /// `elng` it keeps. Returns the files and what the format cannot carry of the cues.
    public static func write(_ track: DeliveryTrack, format: CMAFTextFormat, source: Track, movieDuration: MediaTime,
                             segmentation: CMAFSegmentation, folder: String, batch: ReplacementFileBatch,
                             stem: String) throws(DeliveryError) -> (files: CMAFTrackFiles, losses: [ConversionLoss]) {
        let timeline: CueTimeline
        do throws(CueTimelineError) {
            timeline = try CueTimeline(cues: track.cues, timescale: timescale, clippedAt: movieDuration)
        } catch {
            throw .invalidParameter("track \(track.trackID): \(error)")
        }
        let end = movieDuration.units(inTimescale: timescale)
        // Rounded to the nearest millisecond: a cue that starts with a segment (at a whole
        // millisecond of movie time) then starts exactly at its start, not a millisecond before
        // it, which would leave a sample — in stpp a rendition — a millisecond long.
        let segmentStarts = segmentation.starts(inTimescale: timescale, rounding: .toNearestOrAwayFromZero).map { Int64(clamping: $0) }
        let entry: Box, pieces: [TimedTextSample], losses: [ConversionLoss]
        switch format {
        case .wvtt:
            let encoded = WebVTTSampleEncoder.encode(timeline, header: track.header ?? WebVTTHeader())
            entry = encoded.description.makeBox()
            pieces = layout(encoded.samples, end: end, segmentStarts: segmentStarts)
            losses = encoded.losses
        case .stpp:
            entry = TTMLSampleDescription().makeBox()
            pieces = documents(timeline, end: end, segmentStarts: segmentStarts,
                               language: track.language == "und" ? nil : track.language)
            losses = SubtitleTarget.ttml.losses(of: timeline)
        }
        var bytes: [UInt8] = []
        var samples: [SampleTable.Sample] = []
        for piece in pieces {
            samples.append(SampleTable.Sample(index: samples.count, offset: UInt64(bytes.count), size: UInt32(piece.bytes.count),
                                              decodeTime: UInt64(piece.start), compositionOffset: 0, duration: UInt32(clamping: piece.duration),
                                              isSync: true, descriptionIndex: 1))
            bytes += piece.bytes
        }
        do throws(BoxError) {
            var mediaHeader = source.mediaHeader
            mediaHeader.timing = HeaderTiming(timescale: timescale, duration: 0)
            let header = try CMAFInitializationSegment.bytes(textTrackID: source.id, format: format, entry: entry,
                                                             mediaHeader: mediaHeader, extendedLanguage: source.extendedLanguage)
            let files = try CMAFTrackWriter.write(samples: samples, from: MemoryByteSource(bytes), trackID: source.id, timescale: timescale,
                                                  header: header, segmentation: segmentation, startRounding: .toNearestOrAwayFromZero,
                                                  folder: folder, batch: batch, stem: stem)
            return (files, losses)
        } catch {
            throw .output(error)
        }
    }

    /// The `stpp` samples of the packaged track: one per segment (`segmentStarts` below `end`,
    /// the last ending at `end`), each an IMSC1 Text document in `language` holding every cue of
    /// `timeline` shown during the segment. The documents' times are on the track's media
    /// timeline, not the sample's: ISO/IEC 14496-30 §5.3 has a TTML sample's time expressions
    /// relative to the start of the track (as modified by an edit list, which a packaged text
    /// track has none of), which is the movie's timeline. A cue shown in two segments is in both
    /// documents with its own times, its end clipped at the movie's end: §5.3 only advises
    /// against a document lasting longer than its sample ("should not"), and whole cues let a
    /// reader that joins the documents (MP4Box `-raw`) see each cue once rather than cut in two.
    public static func documents(_ timeline: CueTimeline, end: Int64, segmentStarts: [Int64], language: String?) -> [TimedTextSample] {
        let movieEnd = MediaTime.milliseconds(end)
        let bounds = segmentStarts.filter { $0 < end } + [end]
        let samples = timeline.samples.filter { !$0.isEmpty }
        var first = samples.startIndex
        var documents: [TimedTextSample] = []
        for (start, stop) in zip(bounds, bounds.dropFirst()) {
            while first < samples.endIndex, samples[first].start + samples[first].duration <= start { first += 1 }
            var shown: [Int: Cue] = [:]
            var index = first
            while index < samples.endIndex, samples[index].start < stop {
                for (cueIndex, cue) in zip(samples[index].cueIndices, samples[index].cues) { shown[cueIndex] = cue }
                index += 1
            }
            let cues = shown.sorted { $0.key < $1.key }.map { _, cue in
                var clipped = cue
                clipped.end = min(cue.end, movieEnd)
                return clipped
            }
            documents.append(TimedTextSample(start: start, duration: stop - start, bytes: Array(TTMLWriter.write(cues: cues, language: language).utf8)))
        }
        return documents
    }

    /// The samples of the packaged track: `samples` (from 0, as `WebVTTSampleEncoder` makes
    /// them), a `vtte` sample before them, in any gap and after them up to
    /// `end`, and each cut at every segment start inside it.
    public static func layout(_ samples: [TimedTextSample], end: Int64, segmentStarts: [Int64]) -> [TimedTextSample] {
        let empty = WebVTTSampleEncoder.encode(TimelineSample(start: 0, duration: 0, cues: [], cueIndices: []), timescale: timescale)
        var pieces: [TimedTextSample] = []
        func add(_ start: Int64, _ stop: Int64, _ bytes: [UInt8]) {
            let cuts = [start] + segmentStarts.filter { $0 > start && $0 < stop } + [stop]
            for (from, to) in zip(cuts, cuts.dropFirst()) { pieces.append(TimedTextSample(start: from, duration: to - from, bytes: bytes)) }
        }
        var time: Int64 = 0
        for sample in samples {
            let start = sample.start
            if start > time { add(time, start, empty) }
            let stop = min(start + sample.duration, end)
            if stop > max(start, time) { add(max(start, time), stop, sample.bytes) }
            time = max(time, stop)
        }
        if end > time { add(time, end, empty) }
        return pieces
    }
}
