import Movie

/// The `Role` and `Accessibility` descriptors of one track's AdaptationSet, derived from what the
/// movie says about the track: its selection group's default, its characteristics (`tagc`,
/// tagged or implied, `SelectionOption.characteristics(of:)`), forced-only and captions (the
/// same facts HLS `DEFAULT`, `FORCED` and `CHARACTERISTICS` come from).
///
/// Roles (ISO/IEC 23009-1 §5.8.5.5, Table 5): `main` for the default option of its group and
/// `alternate` for the others (video and audio); `description` for audio that describes the
/// video; `enhanced-audio-intelligibility` for audio mixed for clearer speech; for text
/// `forced-subtitle` (forced-only), `caption` (closed captions or SDH: text that also describes
/// music and sound) or `subtitle`, plus `main` for the default text track and `easyreader` for
/// easy-to-read text. Accessibility (TV-Anytime AudioPurposeCS): 1 for audio description, 2 for
/// captions and SDH.
public struct DASHSignalling: Sendable, Hashable {
    /// What an AdaptationSet holds (`@contentType`, ISO/IEC 23009-1 §5.3.3.2).
    public enum ContentType: String, Sendable, Hashable {
        /// Video (`video/mp4`).
        case video
        /// Sound (`audio/mp4`).
        case audio
        /// Subtitles and captions (`text/vtt`, or `application/mp4` for `wvtt` segments).
        case text
    }

    /// `Role` values, in the order written.
    public var roles: [String]
    /// `Accessibility` descriptors.
    public var accessibility: [DASHDescriptor]

    /// The signals of a track of `contentType`. `isMain`: the default option of its group.
    /// `characteristics`: tagged and implied. `isForcedOnly` and `isCaptions` apply to text.
    public init(contentType: ContentType, isMain: Bool, characteristics: [String] = [], isForcedOnly: Bool = false,
                isCaptions: Bool = false) {
        let has = { (value: String) in characteristics.contains(value) }
        var roles: [String] = []
        var accessibility: [DASHDescriptor] = []
        switch contentType {
        case .video:
            roles = [isMain ? "main" : "alternate"]
        case .audio:
            roles = [isMain ? "main" : "alternate"]
            if has(MediaCharacteristic.describesVideo) {
                roles.append("description")
                accessibility.append(DASHDescriptor(scheme: DASHDescriptor.audioPurposeScheme, value: "1"))
            }
            if has(MediaCharacteristic.enhancesSpeechIntelligibility) { roles.append("enhanced-audio-intelligibility") }
        case .text:
            if isMain { roles.append("main") }
            if isForcedOnly {
                roles.append("forced-subtitle")
            } else if isCaptions {
                roles.append("caption")
                accessibility.append(DASHDescriptor(scheme: DASHDescriptor.audioPurposeScheme, value: "2"))
            } else {
                roles.append("subtitle")
            }
            if has(MediaCharacteristic.easyToRead) { roles.append("easyreader") }
        }
        self.roles = roles
        self.accessibility = accessibility
    }

    /// The signals of a legible track as delivered (``DeliveryTrack``): `main` when it is the
    /// default rendition, forced-only and captions as HLS FORCED and the HTML `captions` kind.
    public init(text track: DeliveryTrack) {
        self.init(contentType: .text, isMain: track.isDefault, characteristics: track.characteristics,
                  isForcedOnly: track.isForcedOnly, isCaptions: track.isCaptions)
    }

    /// Every descriptor, roles first, as `--json` lists them.
    public var descriptors: [DASHDescriptor] { roles.map(DASHDescriptor.role) + accessibility }
}
