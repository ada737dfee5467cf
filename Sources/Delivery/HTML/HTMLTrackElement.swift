import XML
/// An HTML `<track>` element offering one legible track to a `<video>` (HTML Living Standard
/// §4.8.11 "The track element").
public struct HTMLTrackElement: Sendable, Equatable {
    /// The `kind` keywords used here (HTML §4.8.11: "subtitles", "captions").
    public enum Kind: String, Sendable, Equatable {
        /// "Transcription or translation of the dialogue, suitable for when the sound is
        /// available but not understood."
        case subtitles
        /// "Transcription or translation of the dialogue, sound effects, relevant musical cues,
        /// and other relevant audio information, suitable for when sound is unavailable or not
        /// clearly audible": SDH and closed captions.
        case captions
    }

    /// The `kind` attribute.
    public var kind: Kind
    /// The `srclang` attribute: the track's BCP 47 language tag.
    public var language: String
    /// The `label` attribute: the name a browser's menu shows.
    public var label: String
    /// The WebVTT file, relative to the page.
    public var source: String
    /// The `default` attribute: the track a browser shows when the viewer chose nothing.
    public var isDefault: Bool

    /// The element for `track`: captions when the track is closed captions or describes music
    /// and sound (SDH), else subtitles; forced-only tracks stay subtitles, their label saying
    /// "Forced" (HTML has no kind for them).
    public init(track: DeliveryTrack, source: String) {
        kind = track.isCaptions && !track.isForcedOnly ? .captions : .subtitles
        language = track.language
        label = track.isForcedOnly && !track.name.contains("Forced") ? track.name + " (Forced)" : track.name
        self.source = source
        isDefault = track.isDefault
    }

    /// `<track kind="subtitles" srclang="es" label="Spanish" src="movie.5.es.vtt" default>`,
    /// attribute values escaped (HTML §13.1.2.3: `&` and `"` in a double-quoted value; `<` and
    /// `>` too, so the line is safe wherever it is pasted).
    public var html: String {
        var text = "<track kind=\"\(kind.rawValue)\" srclang=\"\(Self.escaped(language))\" label=\"\(Self.escaped(label))\" src=\"\(Self.escaped(source))\""
        if isDefault { text += " default" }
        return text + ">"
    }

    /// `value` safe as HTML text or a quoted attribute value (`MarkupEscaping.Rules.html`):
    /// `&`, `"`, `'`, `<` and `>` as character references.
    public static func escaped(_ value: String) -> String {
        MarkupEscaping.escaped(value, .html)
    }
}
