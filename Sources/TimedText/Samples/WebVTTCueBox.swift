import XML
import ISOBMFF

/// One `vttc` box of a `wvtt` sample (ISO/IEC 14496-30 §7.4): a cue active during the sample.
/// Cue times are not stored; they come from the sample's place on the timeline.
public struct WebVTTCueBox: Sendable, Equatable {
    /// `vsid`: pieces of one source cue split across samples share it.
    public var sourceID: Int32?
    /// `ctim`: where the sample starts on the source's timeline, needed to interpret inner
    /// timestamps in the payload.
    public var currentTime: SubtitleTime?
    /// `iden`: the cue identifier.
    public var identifier: String?
    /// `sttg`: the cue settings text.
    public var settings: String?
    /// `payl`: the cue text with WebVTT markup.
    public var payload: String

    /// Creates a cue box.
    public init(sourceID: Int32? = nil, currentTime: SubtitleTime? = nil, identifier: String? = nil,
                settings: String? = nil, payload: String) {
        self.sourceID = sourceID
        self.currentTime = currentTime
        self.identifier = identifier
        self.settings = settings
        self.payload = payload
    }

    /// Writes the `vttc` box with its children in the standard's order: `vsid`, `ctim`,
    /// `iden`, `sttg`, `payl`.
    func write(into writer: inout ByteWriter) {
        writer.writeBox("vttc") { body in
            if let sourceID { body.writeBox("vsid") { $0.write(sourceID) } }
            if let currentTime { body.writeStringBox("ctim", SubtitleTimestampFormat.webVTT.string(for: currentTime)) }
            if let identifier { body.writeStringBox("iden", identifier) }
            if let settings { body.writeStringBox("sttg", settings) }
            body.writeStringBox("payl", payload)
        }
    }

    /// Reads the children of a `vttc` box. Unknown children (`vtta`) are skipped; a missing
    /// `payl` reads as an empty payload (Android does the same), so such a cue shows nothing.
    init(reading reader: inout ByteReader) throws(BoxError) {
        payload = ""
        for child in try InlineBox.readAll(&reader) {
            var body = child.payload
            switch child.type {
            case "vsid": sourceID = try body.readInt32()
            case "ctim": currentTime = WebVTTTimestamp.parse(child.string.trimmingTextWhitespace())
            case "iden": identifier = child.string
            case "sttg": settings = child.string
            case "payl": payload = child.string
            default: break
            }
        }
    }

    /// Whether `other` is a piece of the same source cue: the same `vsid` when either has one,
    /// else the same identifier, settings and payload.
    func continues(_ other: WebVTTCueBox) -> Bool {
        if sourceID != nil || other.sourceID != nil { return sourceID == other.sourceID }
        return identifier == other.identifier && settings == other.settings && payload == other.payload
    }

    /// The cue this box describes over `start..<end`: the payload parsed as WebVTT cue text
    /// (trailing line breaks dropped, as players do), the settings parsed, placement implied by
    /// them.
    func cue(start: SubtitleTime, end: SubtitleTime) -> Cue {
        var text = Substring(payload)
        while let last = text.unicodeScalars.last, last == "\n" || last == "\r" { text = text.dropLast() }
        let settings = WebVTTParser.parseCueSettings(self.settings ?? "")
        return Cue(identifier: identifier.flatMap { $0.isEmpty ? nil : $0 }, start: start, end: end,
                   text: WebVTTParser.parseCueText(String(text)), settings: settings,
                   placement: settings.impliedPlacement)
    }
}
