import ISOBMFF
import Movie

/// The one timeline every packaged track's segments share. A CMAF header carries no edit list
/// here, so what an edit list did — skip a track's first media (AAC encoder priming: 1024
/// samples shown from `media_time` 1024), or delay it (a leading empty edit) — is done with
/// decode times instead: each track's samples are moved by an ``offset(of:)`` so that the media
/// every track shows at movie time 0 lands at the same packaged time, ``movieStart``, the
/// latest any track needs to keep its first sample at or after 0. Subtitle cues (movie time)
/// map to it through X-TIMESTAMP-MAP.
///
/// The edit lists followed are those delivery follows elsewhere (``TrackTimeline``): an
/// optional leading empty edit and one edit at normal rate; a track with another form keeps its
/// own decode times, with a warning.
public struct CMAFTimeline: Sendable {
    /// The packaged time of movie time 0, in seconds.
    public let movieStart: Double
    private let offsets: [UInt32: UInt64]
    /// Tracks whose edit lists could not be followed.
    public let warnings: [String]

    /// Creates the shared timeline of `tracks`, from their edit lists in `movie`.
    public init(tracks: [Track], movie: Movie) {
        var shown: [UInt32: Double] = [:]
        var warnings: [String] = []
        let movieScale = Double(movie.header?.timescale ?? 0)
        for track in tracks {
            let scale = Double(track.mediaHeader.timescale)
            guard let entries = track.editList?.entries, !entries.isEmpty, scale > 0, movieScale > 0 else {
                shown[track.id] = 0
                continue
            }
            let media = entries.first?.mediaTime == -1 ? Array(entries.dropFirst()) : entries
            guard media.count == 1, let edit = media.first, edit.mediaTime >= 0, edit.mediaRate == 0x0001_0000 else {
                warnings.append("track \(track.id): its edit list is not one edit (after an optional empty edit) at normal rate; its samples keep their own times")
                shown[track.id] = 0
                continue
            }
            let delay = entries.first?.mediaTime == -1 ? Double(entries[0].segmentDuration) / movieScale : 0
            // The media time shown at movie time 0 (negative: the track starts later).
            shown[track.id] = Double(edit.mediaTime) / scale - delay
        }
        let start = max(0, shown.values.max() ?? 0)
        var offsets: [UInt32: UInt64] = [:]
        for track in tracks {
            offsets[track.id] = UInt64(max(0, ((start - (shown[track.id] ?? 0)) * Double(track.mediaHeader.timescale)).rounded()))
        }
        movieStart = start
        self.offsets = offsets
        self.warnings = warnings
    }

    /// What is added to `track`'s decode times, on its timescale.
    public func offset(of track: Track) -> UInt64 { offsets[track.id] ?? 0 }

    /// ``movieStart`` as a 90 kHz MPEG-2 timestamp, what X-TIMESTAMP-MAP's MPEGTS carries.
    public var mpegtsStart: Int64 { Int64((movieStart * 90_000).rounded()) }
}
