import Language

/// What a viewer has told the player: the languages they understand, in order, and their
/// captioning settings. ``AutomaticSelection`` answers which options such a viewer gets.
///
/// The two halves mirror where Apple players read them: the languages are
/// `AVPlayerMediaSelectionCriteria.preferredLanguages` ("in their preferred order", by default the
/// system's preferred languages), and the captioning settings are MediaAccessibility's
/// `MACaptionAppearanceGetDisplayType` and `MACaptionAppearanceCopyPreferredCaptioningMediaCharacteristics`
/// (the "Closed Captions + SDH" accessibility setting), which an `AVPlayer` applies "based on
/// system accessibility preferences" when `appliesMediaSelectionCriteriaAutomatically` is true.
public struct SelectionPreferences: Sendable, Equatable {
    /// MediaAccessibility's `MACaptionAppearanceDisplayType`: when subtitles and captions show.
    public enum CaptionDisplay: String, Sendable, Equatable {
        /// `kMACaptionAppearanceDisplayTypeForcedOnly`: "Do not display captions unless they are
        /// forced for translation."
        case forcedOnly = "forced-only"
        /// `kMACaptionAppearanceDisplayTypeAutomatic`: "If the language of the audio track differs
        /// from the system locale, then captions matching the system locale should be displayed
        /// (if available). If the language of the audio and the language of the system locale
        /// match, no captions are shown."
        case automatic
        /// `kMACaptionAppearanceDisplayTypeAlwaysOn`: "The most robust available captioning track
        /// should always be displayed" (the best of CC, SDH or subtitles).
        case alwaysOn = "always-on"
    }

    /// Preferred languages, most preferred first. The first stands for the system locale that
    /// ``CaptionDisplay/automatic`` compares the audio with.
    public var languages: [LanguageTag]
    /// "Closed Captions + SDH": the preferred captioning characteristics are the two accessibility
    /// ones (transcribes spoken dialog, describes music and sound), so an SDH or CC option wins
    /// over a plain subtitle of the same language.
    public var prefersAccessibleSubtitles: Bool
    /// When subtitles and captions show.
    public var captionDisplay: CaptionDisplay
    /// "Audio Descriptions" on: MediaAccessibility's `MAAudibleMediaCopyPreferredCharacteristics`
    /// then gives `public.accessibility.describes-video`, so an audio option that describes the
    /// video wins over the plain one of the same language (otherwise it is chosen only when
    /// nothing else matches).
    public var prefersAudioDescriptions: Bool

    /// Without an explicit display type, preferring SDH means captions are wanted on
    /// (``CaptionDisplay/alwaysOn``); otherwise the system default, ``CaptionDisplay/automatic``.
    public init(languages: [LanguageTag], prefersAccessibleSubtitles: Bool = false, captionDisplay: CaptionDisplay? = nil,
                prefersAudioDescriptions: Bool = false) {
        self.languages = languages
        self.prefersAudioDescriptions = prefersAudioDescriptions
        self.prefersAccessibleSubtitles = prefersAccessibleSubtitles
        self.captionDisplay = captionDisplay ?? (prefersAccessibleSubtitles ? .alwaysOn : .automatic)
    }
}
