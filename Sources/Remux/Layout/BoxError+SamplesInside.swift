import ISOBMFF

extension BoxError {
    /// The refusal of a track whose samples lie inside `box`, a box the edit writes anew or
    /// leaves out (`moov`, `ftyp`, a `moof`), so its samples would not be copied.
    static func samplesInside(_ box: Box, trackID: UInt32?) -> BoxError {
        BoxError(.unsupported("\(samples(of: trackID)) lie inside the '\(box.type)' box, which an edit rewrites; Legible cannot edit such a file"),
                 at: box.location)
    }

    /// The refusal of a plan that removes `box` (a strip's unknown box, say) while a track it
    /// keeps has samples inside it: written without the box, they would not be there.
    static func samplesInsideRemovedBox(_ box: Box, trackID: UInt32?) -> BoxError {
        BoxError(.invalidValue("\(samples(of: trackID)) lie inside the '\(box.type)' box, which the edit removes; keep the box or remove the track"),
                 at: box.location)
    }

    private static func samples(of trackID: UInt32?) -> String {
        "track \(trackID.map { String($0) } ?? "?")'s samples"
    }
}
