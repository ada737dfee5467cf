/// Everything a WebVTT file says before and beside its cues.
///
/// The `wvtt` sample entry's `vttC` box carries this as text (see ``WebVTTWriter/headerText(_:)``).
public struct WebVTTHeader: Sendable, Equatable, Codable {
    /// Text after `WEBVTT` on the signature line (without the separating space), if any.
    public var signatureText: String?
    /// Lines between the signature line and the first blank line, except `X-TIMESTAMP-MAP`.
    public var headerLines: [String]
    /// The HLS `X-TIMESTAMP-MAP` header line, if present. Cue times are *not* shifted by it.
    public var timestampMap: WebVTTTimestampMap?
    /// The CSS text of each `STYLE` block, in order.
    public var styleSheets: [String]
    /// The `REGION` definitions, in order.
    public var regions: [WebVTTRegion]

    /// Creates a header; the default is a bare `WEBVTT`.
    public init(
        signatureText: String? = nil,
        headerLines: [String] = [],
        timestampMap: WebVTTTimestampMap? = nil,
        styleSheets: [String] = [],
        regions: [WebVTTRegion] = []
    ) {
        self.signatureText = signatureText
        self.headerLines = headerLines
        self.timestampMap = timestampMap
        self.styleSheets = styleSheets
        self.regions = regions
    }
}
