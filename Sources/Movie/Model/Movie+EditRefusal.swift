import ISOBMFF

extension Movie {
    /// Refuses a movie that no edit can carry over whole: a damaged movie header
    /// (``movieHeaderDamage``), whose output would have no header players read, or fragments of
    /// a track `moov` does not describe (``undescribedTrackFragments``), whose samples a copy or
    /// an edit in place would drop without a word. The error names the box and its offset.
    public func checkEditable() throws(BoxError) {
        if let damage = movieHeaderDamage {
            throw BoxError(.invalidValue("\(damage.message); an edit would write a movie without a header players read, so nothing was written"),
                           at: damage.location)
        }
        if let first = undescribedTrackFragments.first {
            throw BoxError(.invalidValue("\(first.message): its samples belong to no track, and an edit would drop them; nothing was written"),
                           at: first.location)
        }
    }
}
