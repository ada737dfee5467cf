import Movie

/// Media characteristic tags (`tagc`) as players read them: exact ASCII strings, some only
/// meaningful in pairs, and accessibility ones never inferred in QuickTime movies — they must be
/// tagged (AVMediaFormat.h, "Tagging of tracks … with media characteristics").
extension CheckContext {
    func characteristicFindings() -> [Finding] {
        sdhFindings() + tagSyntaxFindings() + kindRoleFindings() + audioDescriptionFindings()
    }

    /// Tags Apple defines for tracks to carry (AVMediaFormat.h).
    static let definedTags: Set<String> = [
        MediaCharacteristic.mainProgramContent, MediaCharacteristic.auxiliaryContent, MediaCharacteristic.originalContent,
        MediaCharacteristic.containsOnlyForcedSubtitles, MediaCharacteristic.transcribesSpokenDialog,
        MediaCharacteristic.describesMusicAndSound, MediaCharacteristic.easyToRead, MediaCharacteristic.describesVideo,
        MediaCharacteristic.languageTranslation, MediaCharacteristic.dubbedTranslation,
        MediaCharacteristic.voiceOverTranslation, MediaCharacteristic.enhancesSpeechIntelligibility,
    ]

    private func sdhFindings() -> [Finding] {
        let pair = MediaCharacteristic.subtitlesForDeafAndHardOfHearing
        return legibleTracks.compactMap { track -> Finding? in
            let tagged = pair.filter(track.userData.characteristics.contains)
            guard tagged.count == 1 else { return nil }
            let missing = pair.filter { !tagged.contains($0) }.joined()
            return Finding(.warning, track: track.id, rule: .sdhCharacteristics,
                           message: "\(name(track)) is tagged \(tagged.joined()) but not \(missing): Apple players label a track \"SDH\" only when it has both; add the other if it is SDH", suggesting: ["--sdh"], then: ", or remove the one",
                           fix: TrackFix(track: track.id, TrackChanges(addedCharacteristics: [missing]), automatic: false))
        }
    }

    private func tagSyntaxFindings() -> [Finding] {
        var findings: [Finding] = []
        for track in tracks {
            for tag in track.userData.characteristics {
                var trimmed = tag
                while trimmed.hasSuffix("\u{0}") { trimmed.removeLast() }
                if trimmed != tag {
                    findings.append(Finding(.warning, track: track.id, rule: .characteristicSyntax,
                                            message: "\(name(track))'s tag '\(trimmed)' ends with a NUL byte: players compare tags exactly and ignore it; write it without the NUL",
                                            fix: TrackFix(track: track.id, TrackChanges(addedCharacteristics: [trimmed], removedCharacteristics: [trimmed]), automatic: true)))
                } else if !tag.unicodeScalars.allSatisfy(Self.isTagCharacter) {
                    findings.append(Finding(.warning, track: track.id, rule: .characteristicSyntax,
                                            message: "\(name(track))'s tag '\(tag)' has characters a tag may not hold (A–Z a–z 0–9 - . _ ~): players ignore it"))
                } else if tag.hasPrefix("public."), !Self.definedTags.contains(tag) {
                    findings.append(Finding(.warning, track: track.id, rule: .characteristicSyntax,
                                            message: "\(name(track))'s tag '\(tag)' is not one Apple defines (public.* tags are Apple's alone): players ignore it; check its spelling"))
                }
            }
        }
        return findings
    }

    private static func isTagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
    }

    /// MP4 `kind` roles (ISO/IEC 14496-12 §8.10.4, DASH role scheme) that ffmpeg writes for
    /// dispositions, with the tags that say the same to Apple players, which read only `tagc`.
    static let tagsForRoles: [(kind: TrackKind, tags: [String], label: String)] = [
        (.dashCaption, MediaCharacteristic.subtitlesForDeafAndHardOfHearing, "SDH"),
        (.dashForcedSubtitle, [MediaCharacteristic.containsOnlyForcedSubtitles], "Forced"),
        (.dashDescription, [MediaCharacteristic.describesVideo], "AD"),
    ]

    private func kindRoleFindings() -> [Finding] {
        tracks.flatMap { track in
            Self.tagsForRoles.compactMap { role -> Finding? in
                let missing = role.tags.filter { !track.userData.characteristics.contains($0) }
                guard track.userData.kinds.contains(role.kind), !missing.isEmpty else { return nil }
                if role.kind == .dashForcedSubtitle, track.subtitleDisplayFlags?.contains(.allSamplesForced) == true { return nil }
                return Finding(.warning, track: track.id, rule: .kindRole,
                               message: "\(name(track))'s MP4 kind is '\(role.kind.value)' but it is not tagged \(missing.joined(separator: " and ")): Apple players read the tags, not the kind, so they do not label it \"\(role.label)\" or choose it for viewers who ask for it",
                               fix: TrackFix(track: track.id, TrackChanges(addedCharacteristics: missing), automatic: true))
            }
        }
    }

    /// Audio whose name says it describes the video.
    private func audioDescriptionFindings() -> [Finding] {
        tracks.filter { $0.mediaType == .audio && !$0.userData.characteristics.contains(MediaCharacteristic.describesVideo) }
            .compactMap { track -> Finding? in
                guard let trackName = track.name, Self.namesAudioDescription(trackName),
                      !track.userData.kinds.contains(.dashDescription) else { return nil }
                return Finding(.warning, track: track.id, rule: .audioDescription,
                               message: "\(name(track))'s name \"\(trackName)\" says it describes the video, but it is not tagged \(MediaCharacteristic.describesVideo): Apple players read only the tag, so they neither label it \"AD\" nor choose it for viewers who ask for audio description",
                               fix: TrackFix(track: track.id, TrackChanges(addedCharacteristics: [MediaCharacteristic.describesVideo]), automatic: true))
            }
    }

    /// "Audio Description", "Described Video", "Descriptive audio", "English AD".
    static func namesAudioDescription(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if ["audio description", "audio-description", "audiodescription", "described video", "descriptive video",
            "descriptive audio", "video description"].contains(where: lowered.contains) { return true }
        return name.split(whereSeparator: { !$0.isLetter }).contains("AD")
    }
}
