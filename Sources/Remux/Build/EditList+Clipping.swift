import ISOBMFF

extension EditListBox {
    /// The edits of a track whose presentation lasts `length` (movie time), cut to end at
    /// `end`: the edits from `end` on are left out and the one that spans it is shortened, so a
    /// track longer than the movie stops where the movie does with every sample kept (ISO/IEC
    /// 14496-12 §8.6.6). No list (nil) presents the media from time 0: one edit of `end`.
    static func clipping(_ list: EditListBox?, at end: UInt64) -> EditListBox {
        guard var list else { return EditListBox(entries: [Entry(segmentDuration: end, mediaTime: 0)]) }
        var kept: [Entry] = []
        var position: UInt64 = 0
        for var entry in list.entries where position < end {
            entry.segmentDuration = min(entry.segmentDuration, end - position)
            position += entry.segmentDuration
            kept.append(entry)
        }
        list.entries = kept
        return list
    }
}
