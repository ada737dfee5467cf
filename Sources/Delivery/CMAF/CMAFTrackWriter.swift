import FileOutput
import ISOBMFF
import Movie
import TimedText

/// The files of one track packaged as CMAF: its header and its segments, with what playlists
/// and manifests need to list them.
public struct CMAFTrackFiles: Sendable {
    /// One media segment.
    public struct Segment: Sendable, Equatable {
        /// The segment's file name (`STEM.N.m4s`).
        public var name: String
        /// The earliest presentation time on the track's timescale: its first sample's decode
        /// time as placed (``CMAFTimeline/Placement``), 0 where that falls before 0 (media the
        /// header's edit list skips).
        public var start: UInt64
        /// The duration, on the track's timescale: to the next segment's start (or the track's end).
        public var duration: UInt64
        /// The file's size in bytes.
        public var size: UInt64
    }

    /// The packaged track's ID.
    public var trackID: UInt32
    /// The track's timescale: units per second of the segments' starts and durations.
    public var timescale: UInt32
    /// The header's file name (`STEM.init.mp4`).
    public var initializationName: String
    /// The media segments, in time order.
    public var segments: [Segment]

    /// The highest bit rate of any segment, and the average over all, in bits per second
    /// (whole files, headers included, as a client downloads them).
    public var bitRates: (peak: Int64, average: Int64) {
        var peak: Double = 0
        var bytes: UInt64 = 0, duration: UInt64 = 0
        for segment in segments where segment.duration > 0 {
            peak = max(peak, Double(segment.size) * 8 * Double(timescale) / Double(segment.duration))
            bytes += segment.size
            duration += segment.duration
        }
        let average = duration > 0 ? Double(bytes) * 8 * Double(timescale) / Double(duration) : 0
        return (Int64(peak.rounded(.up)), Int64(average.rounded(.up)))
    }
}

/// Writes one track of a movie as CMAF files into a folder: `STEM.init.mp4` and
/// `STEM.N.m4s` for each segment of a ``CMAFSegmentation``, each through a `ReplacementFile`
/// (written beside its name and renamed into place once synced) that a `ReplacementFileBatch`
/// commits: the caller's `commitAll()` puts the last of them in place.
public enum CMAFTrackWriter {
    /// The most samples of one track packaged (a two-hour film at 60 frames a second has
    /// 432,000 video samples).
    public static let maximumSamples = 2_000_000

    /// Writes `track` placed as `placement` says (``CMAFTimeline/placement(of:)``): its header
    /// holds the placement's edit list.
    public static func write(track: Track, movie: Movie, segmentation: CMAFSegmentation, placement: CMAFTimeline.Placement = .init(),
                             folder: String, batch: ReplacementFileBatch, stem: String,
                             progress: PackageProgress? = nil) throws(DeliveryError) -> CMAFTrackFiles {
        do throws(BoxError) {
            let samples = try movie.samples(of: track, maxSamples: maximumSamples)
            let header = try CMAFInitializationSegment.bytes(track: track, movie: movie, editList: placement.editList)
            return try write(samples: samples, from: track.source, trackID: track.id, timescale: track.mediaHeader.timescale,
                             header: header, segmentation: segmentation, placement: placement, folder: folder, batch: batch, stem: stem,
                             progress: progress)
        } catch {
            throw .output(error)
        }
    }

    /// Writes the header bytes `header` and, cut by `segmentation` (its starts rounded to
    /// `timescale` by `startRounding`), `samples` (decode order, placed by `placement`: decode
    /// times moved by its delay) whose bytes are in `source`: a movie's track or samples made in
    /// memory (text from cues); `progress` hears of the segments' bytes.
    public static func write(samples: [SampleTable.Sample], from source: any ByteSource, trackID: UInt32, timescale: UInt32,
                             header: [UInt8], segmentation: CMAFSegmentation, startRounding: FloatingPointRoundingRule = .up,
                             placement: CMAFTimeline.Placement = .init(), folder: String, batch: ReplacementFileBatch,
                             stem: String, progress: PackageProgress? = nil) throws(BoxError) -> CMAFTrackFiles {
        let initializationName = "\(stem).init.mp4"
        let initialization = try ReplacementFile(replacing: folder + "/" + initializationName)
        try initialization.sink.write(header[...])
        try batch.add(initialization)
        var segments: [CMAFTrackFiles.Segment] = []
        let runs = segmentation.split(samples, timescale: timescale, placement: placement, rounding: startRounding)
        let starts = segmentation.starts(inTimescale: timescale, rounding: startRounding)
        func time(_ sample: SampleTable.Sample) -> UInt64 { UInt64(max(0, placement.presentationTime(ofDecodeTime: sample.decodeTime))) }
        let end = samples.last.map { time($0).saturatingAdd(UInt64($0.duration)) } ?? 0
        for (index, run) in runs.enumerated() {
            let start = run.first.map(time) ?? starts[index]
            let next = index + 1 < runs.count ? runs[(index + 1)...].first { !$0.isEmpty }?.first.map(time) ?? end : end
            let decodeTime = run.first.map { $0.decodeTime.saturatingAdd(placement.delay) } ?? start.saturatingAdd(placement.mediaTime)
            let segment = CMAFMediaSegment(trackID: trackID, sequenceNumber: UInt32(clamping: index + 1), samples: run,
                                           baseDecodeTime: decodeTime)
            let name = "\(stem).\(index + 1).m4s"
            let output = try ReplacementFile(replacing: folder + "/" + name)
            output.sink.progress = progress?.fileProgress()
            try segment.write(to: output.sink, from: source)
            let size = output.sink.bytesWritten
            progress?.finishFile(size: size)
            try batch.add(output)
            segments.append(CMAFTrackFiles.Segment(name: name, start: start, duration: next - min(next, start), size: size))
        }
        return CMAFTrackFiles(trackID: trackID, timescale: timescale, initializationName: initializationName, segments: segments)
    }
}
