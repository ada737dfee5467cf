/// Media characteristic tags (`tagc` values) that Apple's players act on, as defined in
/// AVFoundation's AVMediaFormat.h. Tags are case-sensitive ASCII strings.
public enum MediaCharacteristic {
    public static let mainProgramContent = "public.main-program-content"
    public static let auxiliaryContent = "public.auxiliary-content"
    public static let originalContent = "public.original-content"
    public static let containsOnlyForcedSubtitles = "public.subtitles.forced-only"
    public static let transcribesSpokenDialog = "public.accessibility.transcribes-spoken-dialog"
    public static let describesMusicAndSound = "public.accessibility.describes-music-and-sound"
    public static let easyToRead = "public.easy-to-read"
    public static let describesVideo = "public.accessibility.describes-video"
    public static let languageTranslation = "public.translation"
    public static let dubbedTranslation = "public.translation.dubbed"
    public static let voiceOverTranslation = "public.translation.voice-over"
    public static let enhancesSpeechIntelligibility = "public.accessibility.enhances-speech-intelligibility"
}
