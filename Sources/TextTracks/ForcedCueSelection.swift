import ISOBMFF
import Movie
import TimedText

/// The forced cues of a movie's text track: what a player shows of it while subtitles are off
/// (`ForcedDisplay`), as `extract` writes them apart.
///
/// Only two track formats can mark a cue forced: a `tx3g` sample with a `frcd` box, or a
/// description whose display flags say all samples are forced (QTFF, Subtitle media), and an
/// `stpp` sample's TTML `itts:forcedDisplay` (W3C IMSC 1.0.1). `wvtt` (WebVTT), QuickTime text
/// and CEA-608 have no forced mark.
public enum ForcedCueSelection {
    /// The sample formats that can mark a cue forced.
    public static let markingCodecs: Set<FourCC> = ["tx3g", "stpp"]

    /// The forced cues of `cues`, read from `track`.
    ///
    /// - Throws: ``ForcedCueSelectionError/cannotMark(_:)`` for a track whose format has no
    ///   forced mark, ``ForcedCueSelectionError/noForcedCues`` when none of its cues is marked.
    public static func forcedCues(_ cues: [Cue], of track: Track) throws(ForcedCueSelectionError) -> [Cue] {
        guard let codec = track.codec, markingCodecs.contains(codec) else {
            throw .cannotMark(track.codec?.description ?? "no sample description")
        }
        let shown = ForcedDisplay.shown(cues)
        guard !shown.isEmpty else { throw .noForcedCues }
        return shown
    }
}
