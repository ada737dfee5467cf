import ISOBMFF

/// What a removal takes out of a track's boxes that can say who made the file or when: header
/// times, handler names other than the conventional ones, compressor names.
extension TrackBoxEditor {
    /// Sets the creation and modification times of `tkhd` and `mdhd` to 0.
    mutating func clearHeaderTimes() throws(BoxError) {
        try updateHeader { $0.creationTime = 0; $0.modificationTime = 0 }
        guard var mdia = trak.child("mdia"), let mdhd = mdia.child("mdhd") else { return }
        var header = try MediaHeaderBox(mdhd.loaded(limits: limits))
        header.timing.creationTime = 0
        header.timing.modificationTime = 0
        mdia.modifyChild("mdhd") { $0.setPayload(header) }
        trak.modifyChild("mdia") { $0 = mdia }
    }

    /// Replaces every handler name that is not a conventional one (`mdia/hdlr`, and the data
    /// handler's `minf/hdlr`) with the conventional name for its handler type, keeping the form
    /// (Pascal or NUL-terminated) the file uses.
    mutating func useConventionalHandlerNames() throws(BoxError) {
        guard var mdia = trak.child("mdia") else { return }
        func renamed(_ box: Box, isDataHandler: Bool) throws(BoxError) -> Box {
            var handler = try HandlerBox(box.loaded(limits: limits))
            guard !ConventionalHandlerName.isConventional(handler.name) else { return box }
            handler.name = ConventionalHandlerName.name(forHandlerType: handler.handlerType, isDataHandler: isDataHandler)
            var changed = box
            changed.setPayload(handler)
            return changed
        }
        if let hdlr = mdia.child("hdlr") {
            let changed = try renamed(hdlr, isDataHandler: false)
            mdia.modifyChild("hdlr") { $0 = changed }
        }
        if var minf = mdia.child("minf"), let hdlr = minf.child("hdlr") {
            let changed = try renamed(hdlr, isDataHandler: true)
            minf.modifyChild("hdlr") { $0 = changed }
            mdia.modifyChild("minf") { $0 = minf }
        }
        trak.modifyChild("mdia") { $0 = mdia }
    }

    /// Blanks the compressor name (32 bytes at offset 42 of a VisualSampleEntry, ISO/IEC
    /// 14496-12 §12.1.3; QTFF "Video sample description") of every sample entry of a video track.
    mutating func blankCompressorNames() throws(BoxError) {
        guard var mdia = trak.child("mdia"), var minf = mdia.child("minf"), var stbl = minf.child("stbl"),
              var stsd = stbl.child("stsd") else { return }
        let range = 42..<74
        stsd.setChildren(stsd.children.map { entry in
            var entry = entry
            switch entry.content {
            case var .container(container) where container.prefix.count >= range.upperBound:
                var prefix = Array(container.prefix)
                prefix.replaceSubrange(range, with: repeatElement(0, count: range.count))
                container.prefix = prefix[...]
                entry.content = .container(container)
            case let .data(bytes) where bytes.count >= range.upperBound:
                var payload = Array(bytes)
                payload.replaceSubrange(range, with: repeatElement(0, count: range.count))
                entry.content = .data(payload[...])
            default:
                break
            }
            return entry
        })
        stbl.modifyChild("stsd") { $0 = stsd }
        minf.modifyChild("stbl") { $0 = stbl }
        mdia.modifyChild("minf") { $0 = minf }
        trak.modifyChild("mdia") { $0 = mdia }
    }
}
