/// How ``WebVTTParser`` treats what the WebVTT specification once accepted and no longer does.
///
/// The default reads files exactly as the specification (W3C WebVTT, https://w3c.github.io/webvtt/)
/// and every browser do.
public struct WebVTTParseOptions: Sendable, Equatable {
    /// Reads the pre-2016 setting values the specification dropped on purpose: `align:middle`
    /// as `align:center`, and `position:…,start`, `…,middle`, `…,end` as `line-left`, `center`,
    /// `line-right`. Off by default, where such a value is ignored like any unknown one (so
    /// `align:end align:middle` is `end`).
    public var acceptsLegacySettingValues: Bool

    /// Creates options; the default follows the specification.
    public init(acceptsLegacySettingValues: Bool = false) {
        self.acceptsLegacySettingValues = acceptsLegacySettingValues
    }

    /// The specification's rules.
    public static let standard = WebVTTParseOptions()
}
