import ISOBMFF

extension TrackBoxEditor {
    /// Writes every self-contained data reference entry (flag 1: the media is in this file,
    /// ISO/IEC 14496-12 §8.7.2) bare, its version and flags alone: a location after them is
    /// read by nobody and may be a path on the maker's disk. Entries that point elsewhere stay.
    mutating func bareDataReferences() throws(BoxError) {
        guard var mdia = trak.child("mdia"), var minf = mdia.child("minf"), var dinf = minf.child("dinf"),
              var dref = dinf.child("dref") else { return }
        var entries: [Box] = []
        for entry in dref.children {
            let payload = try entry.loaded(limits: limits).data ?? []
            guard payload.count > 4, payload[payload.startIndex + 3] & 1 != 0 else {
                entries.append(entry)
                continue
            }
            entries.append(Box(type: entry.type, payload: Array(payload.prefix(4))))
        }
        dref.setChildren(entries)
        dinf.modifyChild("dref") { $0 = dref }
        minf.modifyChild("dinf") { $0 = dinf }
        mdia.modifyChild("minf") { $0 = minf }
        trak.modifyChild("mdia") { $0 = mdia }
    }
}
