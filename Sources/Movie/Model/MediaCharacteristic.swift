/// Media characteristic tags (`tagc` values) that Apple's players act on, as defined in
/// AVFoundation's AVMediaFormat.h. Tags are case-sensitive ASCII strings.
public enum MediaCharacteristic {
    /// The main program, as opposed to auxiliary content.
    public static let mainProgramContent = "public.main-program-content"
    /// Content that accompanies the main program (commentary, say).
    public static let auxiliaryContent = "public.auxiliary-content"
    /// The content in its original language.
    public static let originalContent = "public.original-content"
    /// Subtitles that show only forced cues (text the picture needs, such as signs and foreign
    /// speech).
    public static let containsOnlyForcedSubtitles = "public.subtitles.forced-only"
    /// Transcribes the dialog, for the deaf and hard of hearing (one of the two SDH tags).
    public static let transcribesSpokenDialog = "public.accessibility.transcribes-spoken-dialog"
    /// Describes music and sound, for the deaf and hard of hearing (the other SDH tag).
    public static let describesMusicAndSound = "public.accessibility.describes-music-and-sound"
    /// Text edited for easy reading.
    public static let easyToRead = "public.easy-to-read"
    /// Audio that describes the video, for the blind and visually impaired.
    public static let describesVideo = "public.accessibility.describes-video"
    /// A translation of the original content.
    public static let languageTranslation = "public.translation"
    /// A dubbed translation.
    public static let dubbedTranslation = "public.translation.dubbed"
    /// A voice-over translation.
    public static let voiceOverTranslation = "public.translation.voice-over"
    /// Audio mixed so that speech is easier to understand.
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
