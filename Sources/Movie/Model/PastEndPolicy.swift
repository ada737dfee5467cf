/// What a new track does with content (cues, timed metadata, chapters) that runs past the
/// movie's end: a subtitle file longer than its film would otherwise lengthen the movie without
/// a word, leaving players with minutes of black picture.
public enum PastEndPolicy: String, Sendable, CaseIterable, Codable {
    /// Leave out what starts at or after the end and cut what crosses it; each is reported.
    case clip
    /// Keep everything and lengthen the movie to hold it; the new length is reported.
    case extend
    /// Refuse the edit, naming the first thing past the end.
    case refuse
}
