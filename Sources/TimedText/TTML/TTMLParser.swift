import ISOBMFF
import XML
/// Reads TTML documents (TTML2, IMSC1 text profile, and the DFXP drafts) into cues: one cue per
/// `p` and interval of constant content.
///
/// Timing follows TTML1 3rd Edition §10.4 time containment (see `TTMLTimeContainment`):
/// `begin`/`end`/`dur` on `body`, `div`, `p`, `span` and `br` as clock time (with fractions or
/// frames) or offset time (`h m s ms f t`) under `ttp:frameRate`, `ttp:frameRateMultiplier`,
/// `ttp:subFrameRate` and `ttp:tickRate`; `timeContainer="par"` and `"seq"` with implicit
/// durations; `begin`/`end` on `region` (§9.1.2); `set` animation of the styles below,
/// `tts:display` and `tts:visibility` (§11.1). A paragraph whose spans change over time
/// becomes one cue per interval of constant content, as the intermediate synchronic documents
/// of §9.3 present it. A paragraph with no end anywhere shows until the document ends: its
/// cue ends at ``Cue/openEnd``, which the caller holds to the movie's end.
///
/// Styles: `head/styling/style` (with chained `style` references), `head/layout/region` mapped
/// to top/bottom placement (see `TTMLRegionPlacement`), `tts:fontWeight`, `tts:fontStyle`,
/// `tts:textDecoration`, `tts:color`, `tts:display="none"` (hidden with its descendants),
/// `tts:visibility="hidden"` (its text left out), `itts:forcedDisplay`; `xml:lang` (runs in
/// another language than the document carry it); `xml:space`. Ruby (TTML2 `tts:ruby`) is kept
/// inline, base then text, as the fallback of TTML2 §10.2.35 presents it.
///
/// Left out, with a warning: images (listed in ``SubtitleDocument/imageLines``). A document
/// without a single cue parses, with a warning.
/// A `p` without a region shows at the bottom (where players put it), even though TTML's
/// default region would put it at the top.
public enum TTMLParser: SubtitleTextParser {
    public static let undecodableFallback = SubtitleTextDecoder.Fallback.replacement

    /// Parses TTML text that is already decoded.
    public static func parse(string: String, limits: SubtitleParseLimits = .standard) throws(SubtitleParseError) -> SubtitleDocument {
        try limits.checkSize(string.utf8.count)
        let (root, xmlWarnings) = try XMLElement.parseDocument(string, limits: limits)
        guard root.isTTML("tt") else {
            throw SubtitleParseError(.notTTML("root element is <\(root.name.local)> in \"\(root.name.namespace)\""), line: root.line)
        }
        var reader = TTMLDocumentReader(root: root, limits: limits)
        reader.warnings = xmlWarnings
        return try reader.read()
    }
}
