/// Which track of one kind (audio, subtitles) a delivery format offers as the default: HLS
/// `DEFAULT=YES`, the DASH Role `main`, the HTML `default` attribute.
///
/// The movie's default is its group's enabled option (QTFF, "Preparing sound and subtitle
/// alternate groups"). An accessibility option (SDH or closed captions, audio description) is
/// not offered as the default even so: such options are for viewers who ask for them
/// (AVMediaFormat.h, the accessibility characteristics), and a default rendition plays for
/// everyone "in the absence of information from the user" (RFC 8216 §4.3.4.1); accessibility
/// renditions stay AUTOSELECT, which lets a player pick them for viewers whose settings ask
/// (Apple's HLS Authoring Specification). The track the caller names is the default outright.
/// The same rule as `check`'s `accessibility-default`.
enum DeliveryDefault {
    /// The default of a kind: `named` when the caller named one, else `enabled` (the movie's
    /// default) unless `isAccessibilityOption` says it is one, in which case no track and the
    /// default withheld (`accessibility` words what kind of option it is: "SDH or captions").
    static func choose(enabled: UInt32?, named: UInt32?, kind: String, accessibility: String,
                       isAccessibilityOption: (UInt32) -> Bool) -> (trackID: UInt32?, withheld: WithheldDefault?) {
        if let named { return (named, nil) }
        guard let enabled, isAccessibilityOption(enabled) else { return (enabled, nil) }
        return (nil, WithheldDefault(trackID: enabled,
                                     note: "track \(enabled) is the movie's default \(kind) track but is for viewers who ask for it (\(accessibility)), so no rendition is the default"))
    }
}

/// The movie's default track of a kind that a delivery does not offer as the default, being an
/// accessibility option (`DeliveryDefault`): the warning that says so, among a package's
/// warnings, and the track a caller may name as the default to make it one.
public struct WithheldDefault: Sendable, Equatable {
    /// The track withheld.
    public var trackID: UInt32
    /// The warning, as it stands among the package's warnings.
    public var note: String
}
