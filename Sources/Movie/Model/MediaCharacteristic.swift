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

    /// Both tags that make a legible track SDH, subtitles for the deaf and hard of hearing
    /// (QTFF "Media characteristic tag atom"; Apple players label it "SDH" only when both are
    /// present, and closed captions carry both implicitly).
    public static let subtitlesForDeafAndHardOfHearing = [transcribesSpokenDialog, describesMusicAndSound]

    /// Whether `characteristics` hold both SDH tags: the one definition of SDH.
    public static func areSDH(_ characteristics: some Sequence<String>) -> Bool {
        let present = Set(characteristics)
        return subtitlesForDeafAndHardOfHearing.allSatisfy(present.contains)
    }
}
