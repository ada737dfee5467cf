import ISOBMFF
import Movie
import TimedText

/// A text track's cues and caption bursts on the movie timeline: decoded in media time, shown
/// where the track's edit list puts them (ISO/IEC 14496-12 §8.6.6; QTFF "Edit list atom").
extension EditListTimeline {
    /// `cues` (media time) on the movie timeline: shifted by the edit, cut to the part the edit
    /// shows, and dropped when wholly outside it — what a player shows. Cues that show nothing
    /// (end not after start) are dropped too.
    public func movieCues(_ cues: [Cue]) -> [Cue] {
        cues.compactMap { cue in
            guard let span = movieSpan(start: cue.start, end: cue.end), span.end > span.start else { return nil }
            var moved = cue
            moved.start = span.start
            moved.end = span.end
            return moved
        }
    }

    /// `bursts` (frames of media time on `frameRate`'s grid) on the movie timeline, each at the
    /// frame nearest where its first frame is shown; bursts no edit shows are dropped.
    public func movieBursts(_ bursts: [CEA608Burst], frameRate: CEA608FrameRate) -> [CEA608Burst] {
        bursts.compactMap { burst in
            let start = frameRate.time(ofFrame: burst.frame)
            guard let span = movieSpan(start: start, end: start + frameRate.time(ofFrame: 1)) else { return nil }
            var moved = burst
            moved.frame = frameRate.frame(nearest: span.start)
            return moved
        }
    }
}
