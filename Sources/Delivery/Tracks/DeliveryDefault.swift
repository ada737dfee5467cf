/// Which track of one kind (audio, subtitles) a delivery format offers as the default: HLS
/// `DEFAULT=YES`, the DASH Role `main`, the HTML `default` attribute.
///
/// The movie's default is its group's enabled option (QTFF, "Preparing sound and subtitle
/// alternate groups"). An accessibility option (SDH or closed captions, audio description) is
/// not offered as the default even so: such options are for viewers who ask for them
/// (AVMediaFormat.h, the accessibility characteristics), and a default rendition plays for
/// everyone "in the absence of information from the user" (RFC 8216 §4.3.4.1); accessibility
/// renditions stay AUTOSELECT, which lets a player pick them for viewers whose settings ask
/// (Apple's HLS Authoring Specification). The track the user names (`--default-track`) is the
/// default outright. The same rule as `check`'s `accessibility-default`.
enum DeliveryDefault {
    /// The default of a kind: `named` when the user named one, else `enabled` (the movie's
    /// default) unless `isAccessibilityOption` says it is one, in which case no track and a
    /// note saying why (`accessibility` words what kind of option it is: "SDH or captions").
    static func choose(enabled: UInt32?, named: UInt32?, kind: String, accessibility: String,
                       isAccessibilityOption: (UInt32) -> Bool) -> (trackID: UInt32?, note: String?) {
        if let named { return (named, nil) }
        guard let enabled, isAccessibilityOption(enabled) else { return (enabled, nil) }
        return (nil, "track \(enabled) is the movie's default \(kind) track but is for viewers who ask for it (\(accessibility)), so no rendition is the default; --default-track \(enabled) makes it one")
    }
}
