import ISOBMFF

extension BoxError {
    /// The refusal of a track whose samples lie inside `box`, a box the edit writes anew or
    /// leaves out (`moov`, `ftyp`, a `moof`), so its samples would not be copied.
    static func samplesInside(_ box: Box, trackID: UInt32?) -> BoxError {
        BoxError(.unsupported("track \(trackID.map { String($0) } ?? "?")'s samples lie inside the '\(box.type)' box, which an edit rewrites; Legible cannot edit such a file"),
                 at: box.location)
    }
}
