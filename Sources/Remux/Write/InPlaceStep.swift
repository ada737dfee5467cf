/// The steps of an in-place edit, in order. After each, the file is whole: until
/// ``retireOldMovie`` it plays as it was (players take the first `moov`), after it as edited.
public enum InPlaceStep: Int, Sendable, CaseIterable, Comparable {
    /// The new samples and the new `moov` are written after the end of the file, and synced.
    case appendMovie
    /// A last box with size 0 gets its real size, so the appended boxes are not inside it.
    case sizeEndOfFileBox
    /// The old `moov` becomes `free`: one 4-byte write of its type, synced.
    case retireOldMovie
    /// What the edit removes is overwritten with zeros, synced: removed top-level boxes become
    /// `free`, and their payloads, the old `moov`'s and removed tracks' samples are zeroed. Only
    /// for edits that remove something; nothing refers to these bytes any more.
    case eraseRemovedBytes

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
