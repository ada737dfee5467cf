import ISOBMFF
import Movie

/// Where each packaged track's media falls, so that movie time 0 is presentation time 0 in every
/// track as it is in the movie. What a track's edit list does is carried two ways:
/// - the media it skips (`media_time`: AAC encoder priming, 1024 samples shown from media time
///   1024; the composition delay of B-frames) goes into the track's CMAF header as an edit list
///   of one edit, which ISO/IEC 23000-19 allows in a CMAF header, as GPAC's dasher writes it: a
///   player skips that media as it does in the movie (FFmpeg reads the priming at -1024, as in
///   the source);
/// - a delay (a leading empty edit: the track starts later) moves its decode times by the
///   delay, since a CMAF header's edit list holds no empty edit.
///
/// The edit lists followed are those delivery follows elsewhere (``TrackTimeline``): an optional
/// leading empty edit and one edit at normal rate; a track with another form keeps its own
/// decode times and no edit list, with a warning.
public struct CMAFTimeline: Sendable {
    /// How one track is placed, on its own timescale.
    public struct Placement: Sendable, Equatable {
        /// Added to the track's decode times (a leading empty edit's duration).
        public var delay: UInt64
        /// The media time shown at the track's start: the one edit of the header's edit list.
        public var mediaTime: UInt64

        /// A placement moving decode times by `delay` and skipping media up to `mediaTime`.
        public init(delay: UInt64 = 0, mediaTime: UInt64 = 0) {
            self.delay = delay
            self.mediaTime = mediaTime
        }

        /// The presentation time of a sample decoded at `decodeTime` (composition offsets
        /// aside): its decode time plus ``delay``, less ``mediaTime``; negative for the media the
        /// edit skips.
        public func presentationTime(ofDecodeTime decodeTime: UInt64) -> Int64 {
            Int64(clamping: decodeTime.saturatingAdd(delay)) - Int64(clamping: mediaTime)
        }

        /// The edit list of the track's CMAF header: one edit from ``mediaTime`` (duration 0:
        /// the track's length is in its fragments); nil when no media is skipped.
        public var editList: EditListBox? {
            mediaTime > 0 ? EditListBox(entries: [EditListBox.Entry(segmentDuration: 0, mediaTime: Int64(clamping: mediaTime))]) : nil
        }
    }

    private let placements: [UInt32: Placement]
    /// Tracks whose edit lists could not be followed.
    public let warnings: [String]

    /// The placements of `tracks`, from their edit lists in `movie`.
    public init(tracks: [Track], movie: Movie) {
        var placements: [UInt32: Placement] = [:]
        var warnings: [String] = []
        let movieScale = movie.header?.timescale ?? 0
        for track in tracks {
            let scale = track.mediaHeader.timescale
            guard let entries = track.editList?.entries, !entries.isEmpty, scale > 0, movieScale > 0 else { continue }
            let isDelayed = entries.first?.mediaTime == -1
            let media = isDelayed ? Array(entries.dropFirst()) : entries
            guard media.count == 1, let edit = media.first, edit.mediaTime >= 0, edit.mediaRate == 0x0001_0000 else {
                warnings.append("track \(track.id): its edit list is not one edit (after an optional empty edit) at normal rate; its samples keep their own times")
                continue
            }
            let delay = isDelayed ? roundedMultiplyDivide(Int64(clamping: entries[0].segmentDuration), Int64(scale), Int64(movieScale)) ?? 0 : 0
            placements[track.id] = Placement(delay: UInt64(max(0, delay)), mediaTime: UInt64(edit.mediaTime))
        }
        self.placements = placements
        self.warnings = warnings
    }

    /// Where `track` is placed (no delay, no skipped media for a track without an edit list).
    public func placement(of track: Track) -> Placement { placements[track.id] ?? Placement() }
}
