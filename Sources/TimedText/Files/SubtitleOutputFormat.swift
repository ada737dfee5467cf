/// A subtitle file format Legible writes, and how cues become its text.
public enum SubtitleOutputFormat: String, Sendable, CaseIterable {
    /// WebVTT (`.vtt`), through ``WebVTTWriter``.
    case vtt
    /// SubRip (`.srt`), through ``SubRipWriter``.
    case srt
    /// TTML in the IMSC1 Text Profile (`.ttml`, `.xml`, `.dfxp`), through ``TTMLWriter``.
    case ttml
    /// Scenarist SCC (`.scc`): CEA-608 pop-on captions (``CEA608Encoder``) through ``SCCWriter``.
    case scc

    /// The format a file name's extension asks for (`.vtt` or `.webvtt`, `.srt`, `.ttml`, `.xml`
    /// or `.dfxp`, `.scc`, in any case), if it names one.
    public init?(path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".vtt") || lowered.hasSuffix(".webvtt") {
            self = .vtt
        } else if lowered.hasSuffix(".srt") {
            self = .srt
        } else if lowered.hasSuffix(".ttml") || lowered.hasSuffix(".xml") || lowered.hasSuffix(".dfxp") {
            self = .ttml
        } else if lowered.hasSuffix(".scc") {
            self = .scc
        } else {
            return nil
        }
    }

    /// The file text for `cues`: a WebVTT file keeps `header`; a TTML document says `language`;
    /// an SCC file is `cues` encoded for CC1 at 29.97 frames a second, with what the encoder could
    /// not carry or showed late.
    public func render(_ cues: [Cue], header: WebVTTHeader?, language: String? = nil) -> (text: String, warnings: [CEA608EncodingWarning]) {
        switch self {
        case .vtt: return (WebVTTWriter.write(cues: cues, header: header ?? WebVTTHeader()), [])
        case .srt: return (SubRipWriter.write(cues: cues), [])
        case .ttml: return (TTMLWriter.write(cues: cues, language: language), [])
        case .scc:
            let encoding = CEA608Encoder.encode(cues)
            return (SCCWriter.write(bursts: encoding.bursts), encoding.warnings)
        }
    }
}
