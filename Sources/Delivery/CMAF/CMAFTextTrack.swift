import ISOBMFF
import Movie
import TimedText

/// A legible track as a CMAF WebVTT track (ISO/IEC 23000-19 §11.2, ISO/IEC 14496-30 §7): its
/// cues as `wvtt` samples (`WebVTTSampleEncoder`: a `vttc` per cue shown, a `vtte` where none
/// is, as ISO/IEC 14496-30 §7.4 has gaps filled) on the packaged timeline, covering it from 0 to
/// the movie's end, each sample that crosses a segment start cut there so every segment holds
/// exactly its own time (a cue cut in two is in both samples, as the format repeats a cue that
/// spans samples).
public enum CMAFTextTrack {
    /// Milliseconds: the precision of WebVTT times.
    public static let timescale: UInt32 = 1000

    /// Writes `track` (cues on the movie timeline) as `STEM.init.mp4` and `STEM.N.m4s` into
    /// `folder`, movie time 0 at `movieStart` seconds of the packaged timeline, cut by
    /// `segmentation`; `source` is the movie's track, whose ID, language and `elng` it keeps.
    public static func write(_ track: DeliveryTrack, source: Track, movieDuration: MediaTime, movieStart: Double,
                             segmentation: CMAFSegmentation, folder: String, stem: String) throws(DeliveryError) -> CMAFTrackFiles {
        let timeline: CueTimeline
        do throws(CueTimelineError) {
            timeline = try CueTimeline(cues: track.cues, timescale: timescale, clippedAt: movieDuration)
        } catch {
            throw .invalidParameter("track \(track.trackID): \(error)")
        }
        let encoded = WebVTTSampleEncoder.encode(timeline, header: track.header ?? WebVTTHeader())
        let offset = Int64((movieStart * Double(timescale)).rounded())
        let end = movieDuration.units(inTimescale: timescale) + offset
        let pieces = layout(encoded.samples, offset: offset, end: end,
                            segmentStarts: segmentation.starts(inTimescale: timescale).map { Int64(clamping: $0) })
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
            let header = try CMAFInitializationSegment.bytes(textTrackID: source.id, entry: encoded.description.makeBox(),
                                                             mediaHeader: mediaHeader, extendedLanguage: source.extendedLanguage)
            return try CMAFTrackWriter.write(samples: samples, from: MemoryByteSource(bytes), trackID: source.id, timescale: timescale,
                                             header: header, segmentation: segmentation, folder: folder, stem: stem)
        } catch {
            throw .output(error)
        }
    }

    /// The samples of the packaged track: `samples` (from 0, as `WebVTTSampleEncoder` makes
    /// them) moved by `offset`, a `vtte` sample before them, in any gap and after them up to
    /// `end`, and each cut at every segment start inside it.
    public static func layout(_ samples: [TimedTextSample], offset: Int64, end: Int64, segmentStarts: [Int64]) -> [TimedTextSample] {
        let empty = WebVTTSampleEncoder.encode(TimelineSample(start: 0, duration: 0, cues: [], cueIndices: []), timescale: timescale)
        var pieces: [TimedTextSample] = []
        func add(_ start: Int64, _ stop: Int64, _ bytes: [UInt8]) {
            let cuts = [start] + segmentStarts.filter { $0 > start && $0 < stop } + [stop]
            for (from, to) in zip(cuts, cuts.dropFirst()) { pieces.append(TimedTextSample(start: from, duration: to - from, bytes: bytes)) }
        }
        var time: Int64 = 0
        for sample in samples {
            let start = sample.start + offset
            if start > time { add(time, start, empty) }
            let stop = min(start + sample.duration, end)
            if stop > max(start, time) { add(max(start, time), stop, sample.bytes) }
            time = max(time, stop)
        }
        if end > time { add(time, end, empty) }
        return pieces
    }
}
