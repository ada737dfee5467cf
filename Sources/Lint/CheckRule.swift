/// The rules `legible check` applies, each with the public document it comes from. The raw
/// values are stable identifiers for scripts (`check --json`).
public enum CheckRule: String, Sendable, CaseIterable {
    case legibleLanguage = "legible-language"
    case legibleGroup = "legible-group"
    case groupMediaTypes = "group-media-types"
    case groupEnabledTracks = "group-enabled-tracks"
    case sdhCharacteristics = "sdh-characteristics"
    case forcedOnlyPartner = "forced-only-partner"
    case forcedPair = "forced-pair"
    case follower = "follower"
    case referenceTarget = "reference-target"
    case languageAgreement = "language-agreement"
    case subtitleHandler = "subtitle-handler"
    case chapterTrack = "chapter-track"
    case characteristicSyntax = "characteristic-syntax"
    case distinguishableOptions = "distinguishable-options"
    case audioDescription = "audio-description"
    case kindRole = "kind-role"
    case textPlacement = "text-placement"
    case selfContained = "self-contained"
    case forcedCuesInFullTrack = "forced-cues-in-full-track"
    case accessibilityDefault = "accessibility-default"

    /// Where the rule is written down.
    public var source: String {
        switch self {
        case .legibleLanguage:
            "QTFF, Media header atom (language) and Extended language tag atom; AVMediaSelectionOption.extendedLanguageTag"
        case .legibleGroup, .groupMediaTypes, .groupEnabledTracks:
            "QTFF, Preparing sound and subtitle alternate groups for use with Apple devices; Track header atom (alternate group)"
        case .sdhCharacteristics:
            "AVMediaFormat.h, AVMediaCharacteristicTranscribesSpokenDialogForAccessibility and AVMediaCharacteristicDescribesMusicAndSoundForAccessibility"
        case .forcedOnlyPartner, .forcedPair:
            "QTFF, Subtitle media: Referencing a related forced subtitle track ('forc')"
        case .follower:
            "QTFF, Subtitle follows track reference atom ('folw')"
        case .referenceTarget:
            "ISO/IEC 14496-12 §8.3.3 (Track reference box); QTFF, Track reference atom"
        case .languageAgreement:
            "QTFF, Extended language tag atom ('elng')"
        case .subtitleHandler:
            "QTFF, Subtitle media; Preparing sound and subtitle alternate groups for use with Apple devices"
        case .chapterTrack:
            "QTFF, Chapter lists"
        case .characteristicSyntax:
            "QTFF, Media characteristic tag atom ('tagc'); AVMediaFormat.h"
        case .distinguishableOptions:
            "AVMediaSelectionOption.displayName; QTFF, Track name atom ('tnam')"
        case .audioDescription:
            "AVMediaFormat.h, AVMediaCharacteristicDescribesVideoForAccessibility"
        case .kindRole:
            "ISO/IEC 14496-12 §8.10.4 (Track kind box); AVMediaFormat.h (Apple players read tagc)"
        case .textPlacement:
            "QTFF, Subtitle track header size and placement"
        case .selfContained:
            "ISO/IEC 14496-12 §8.7.2 (Data reference box: flag 1, the media is in the same file); QTFF, Data reference atoms"
        case .forcedCuesInFullTrack:
            "QTFF, Subtitle media: Referencing a related forced subtitle track; Apple HLS Authoring Specification (forced subtitle content in the non-forced subtitle playlist)"
        case .accessibilityDefault:
            "QTFF, Preparing sound and subtitle alternate groups (the enabled track is the group's default); AVMediaFormat.h (accessibility characteristics)"
        }
    }
}
