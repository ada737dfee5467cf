import ISOBMFF

/// A `sidx` (ISO/IEC 14496-12 §8.16.3, `SegmentIndexBox`) with its byte positions moved to
/// where the output puts what it indexes: its first offset, from its own end to its first
/// reference, and each reference's size, from the output positions of the source boxes the
/// references start and end at. Times, reference types and SAP fields stay; so does the box's
/// size (its version is kept), so no other position moves.
enum SegmentIndexRewrite {
    /// `sidx` rewritten; `sourceEnd` and `outputEnd` are where it ends in the source and in the
    /// output; `outputPosition` maps a source top-level box's start (or the end of the file) to
    /// its output position, nil when it is not one. Nil when a reference does not start and end
    /// at such positions or its new size does not fit its field; a new offset that does not fit
    /// the box's version makes it version 1, larger, which the caller's size check refuses.
    static func rewritten(_ sidx: Box, sourceEnd: UInt64, outputEnd: UInt64, limits: Limits,
                          outputPosition: (UInt64) -> UInt64?) throws(BoxError) -> Box? {
        var index = try SegmentIndexBox(sidx.loaded(limits: limits))
        var position = sourceEnd.saturatingAdd(index.firstOffset)
        guard let firstOutput = outputPosition(position), firstOutput >= outputEnd else { return nil }
        var outputStart = firstOutput
        for number in index.references.indices {
            let end = position.saturatingAdd(UInt64(index.references[number].referencedSize))
            guard let outputEndOfReference = outputPosition(end), outputEndOfReference >= outputStart,
                  let size = UInt32(exactly: outputEndOfReference - outputStart),
                  size <= SegmentIndexBox.Reference.maxReferencedSize else { return nil }
            index.references[number].referencedSize = size
            position = end
            outputStart = outputEndOfReference
        }
        index.firstOffset = firstOutput - outputEnd
        return index.makeBox()
    }
}
