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

extension EditListBox {
    /// The edits of a track whose presentation lasts `length` (movie time), moved later by
    /// `delay` movie units: an empty edit first (ISO/IEC 14496-12 §8.6.6: `media_time` −1).
    /// No list presents the media from time 0 for `length`.
    static func delaying(_ list: EditListBox?, lasting length: UInt64, by delay: UInt64) -> EditListBox {
        var list = list ?? EditListBox(entries: [Entry(segmentDuration: length, mediaTime: 0)])
        list.entries.insert(Entry(segmentDuration: delay, mediaTime: -1), at: 0)
        return list
    }

    /// The edits moved earlier by `advance` movie units: what would play in them is left out —
    /// empty edits shortened, the media edits starting that much later in the media
    /// (`mediaScale` converts movie units to media units). Nil when nothing is left to play.
    static func advancing(_ list: EditListBox?, lasting length: UInt64, by advance: UInt64,
                          mediaScale: (UInt64) throws(EditError) -> UInt64) throws(EditError) -> EditListBox? {
        var list = list ?? EditListBox(entries: [Entry(segmentDuration: length, mediaTime: 0)])
        var left = advance
        var kept: [Entry] = []
        for var entry in list.entries {
            guard left > 0 else { kept.append(entry); continue }
            guard entry.segmentDuration > left else { left -= entry.segmentDuration; continue }
            entry.segmentDuration -= left
            if entry.mediaTime >= 0 {
                guard let later = Int64(exactly: try mediaScale(left)), case let (time, false) = entry.mediaTime.addingReportingOverflow(later) else {
                    return nil
                }
                entry.mediaTime = time
            }
            left = 0
            kept.append(entry)
        }
        guard kept.contains(where: { $0.mediaTime >= 0 }) else { return nil }
        list.entries = kept
        return list
    }

    /// The presentation's length in movie units: the sum of the segment durations.
    var presentationLength: UInt64 { entries.reduce(0) { $0.saturatingAdd($1.segmentDuration) } }
}
