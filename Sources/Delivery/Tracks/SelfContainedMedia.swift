import Movie

/// The `self-contained` check rule as the commands that write delivery files apply it: a track
/// whose data reference points outside the file (`dref` entry without the self-contained flag;
/// ISO/IEC 14496-12 §8.7.2, QTFF "Data reference atoms") has no samples in it, so nothing can be
/// delivered from it. Such a track is refused, not skipped: the output would silently lack it.
public enum SelfContainedMedia {
    /// Throws for the first of `tracks` whose media is outside the file.
    ///
    /// - Throws: ``DeliveryError/externalMedia(trackID:references:)``.
    public static func require(_ tracks: some Sequence<Track>) throws(DeliveryError) {
        for track in tracks {
            let external = track.externalDataReferences
            if !external.isEmpty { throw .externalMedia(trackID: track.id, references: external) }
        }
    }
}
