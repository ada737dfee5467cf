/// The steps of an in-place edit, in order, each synced before the next. Until
/// ``retireOldMovie`` the file plays as it was (players take the first `moov`), after it as
/// edited; a failure before then undoes what was done, so the file is as it was.
public enum InPlaceStep: Int, Sendable, CaseIterable, Comparable {
    /// What the edit leaves out at the end of the file (a last box the file ends inside,
    /// damaged bytes after the last box; no track uses them) is cut off.
    case cutLeftOutEnd
    /// The new samples and the new `moov` are written at the end of the file.
    case appendMovie
    /// A last box with size 0, or whose size runs past the end, gets its real size, so the
    /// appended boxes are not inside it.
    case sizeLastBox
    /// Every `moov` but the first becomes `free` (a hostile file's, or one an interrupted
    /// edit appended), so that retiring the first cannot bring one of them to life.
    case retireStaleMovies
    /// The first `moov`, the one players read, becomes `free`: one 4-byte write. From here
    /// on the new `moov` is the only one.
    case retireOldMovie
    /// What the edit removes is overwritten with zeros: removed top-level boxes become
    /// `free`, and their payloads, the old `moov`s' and free space (when metadata is removed or
    /// replaced), removed tracks' samples and, for a strip, unused media are zeroed. Only for
    /// edits that remove something; nothing refers to these bytes any more.
    case eraseRemovedBytes

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
