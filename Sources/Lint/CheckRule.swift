import TextTracks

/// The rules `legible check` applies, each with the public document it comes from. The raw
/// values are stable identifiers for scripts (`check --json`).
public enum CheckRule: String, Sendable, CaseIterable {
    /// A subtitle or caption track without a language.
    case legibleLanguage = "legible-language"
    /// A subtitle or caption track in no alternate group.
    case legibleGroup = "legible-group"
    /// A group that mixes video, audio and text.
    case groupMediaTypes = "group-media-types"
    /// A group with several enabled tracks, or none.
    case groupEnabledTracks = "group-enabled-tracks"
    /// One of the two SDH tags without the other.
    case sdhCharacteristics = "sdh-characteristics"
    /// A forced-only track that no full track pairs with (`forc`).
    case forcedOnlyPartner = "forced-only-partner"
    /// A `forc` pair split across groups or languages, or a twin not tagged forced-only.
    case forcedPair = "forced-pair"
    /// A `folw` from a non-sound track, to a non-subtitle track, more than one, or to the regular
    /// track of a forced pair.
    case follower = "follower"
    /// A `tref` entry naming a track that does not exist.
    case referenceTarget = "reference-target"
    /// An `elng` that contradicts `mdhd`, or is not BCP 47.
    case languageAgreement = "language-agreement"
    /// QuickTime `text` media used as subtitles (`sbtl` expected).
    case subtitleHandler = "subtitle-handler"
    /// A chapter track in a selection group.
    case chapterTrack = "chapter-track"
    /// A `tagc` with a trailing NUL, bad characters, or an unknown `public.` name.
    case characteristicSyntax = "characteristic-syntax"
    /// Two options of a group a viewer cannot tell apart.
    case distinguishableOptions = "distinguishable-options"
    /// Audio named as audio description but not tagged `describes-video`.
    case audioDescription = "audio-description"
    /// An MP4 `kind` role (caption, forced-subtitle, description) without the tag Apple's players
    /// read.
    case kindRole = "kind-role"
    /// A `tx3g` text box outside the video, or without a size.
    case textPlacement = "text-placement"
    /// Media in another file: a data reference that is not self-contained.
    case selfContained = "self-contained"
    /// Forced cues missing from their language's full subtitle track.
    case forcedCuesInFullTrack = "forced-cues-in-full-track"
    /// An accessibility option enabled as its group's default while the group offers one that is
    /// not.
    case accessibilityDefault = "accessibility-default"
    /// An audio fallback chain (`fall`) that does not end at the one enabled track of its group.
    case fallback = "fallback"
    /// Two tracks with one track ID.
    case uniqueTrackIDs = "track-id"

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
            ForcedCueCoverage.source
        case .accessibilityDefault:
            "QTFF, Preparing sound and subtitle alternate groups (the enabled track is the group's default); AVMediaFormat.h (accessibility characteristics)"
        case .uniqueTrackIDs:
            "ISO/IEC 14496-12 §8.3.2.3 (Track header box: track_ID is unique); QTFF, Track header atom"
        case .fallback:
            "Apple TN2429, Use a Chain of Fallback Track References; AVAssetTrack.AssociationType.audioFallback; QTFF, Track reference atom ('fall')"
        }
    }
}
