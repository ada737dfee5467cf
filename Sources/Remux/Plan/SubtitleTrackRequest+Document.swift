import Language
import Movie
import TimedText

extension SubtitleTrackRequest {
    /// A request for the cues of a parsed subtitle file. The track's language is
    /// `properties.language`, else the document's own (TTML `xml:lang` on `tt`) when that is a
    /// valid BCP 47 tag; a `wvtt` track keeps the document's WebVTT header (STYLE and REGION
    /// blocks), other formats name its STYLE blocks in ``documentLosses``.
    public init(document: SubtitleDocument, format: SubtitleTrackFormat = .tx3g, properties: TrackChanges = TrackChanges(),
                isForcedOnly: Bool = false, forcedTwinOf: FullTrackChoice? = nil, followedByAudio: AudioTrackChoice? = nil) {
        var properties = properties
        if properties.language == nil { properties.language = document.language.flatMap { try? LanguageTag(parsing: $0) } }
        self.init(cues: document.cues,
                  format: format.requestFormat(header: document.webVTTHeader),
                  properties: properties, isForcedOnly: isForcedOnly, forcedTwinOf: forcedTwinOf, followedByAudio: followedByAudio)
        documentLosses = format.target.losses(of: document.webVTTHeader)
    }
}
