import TextTracks

/// Cues of a forced-only track that the full subtitle track of its language does not show
/// (`check`'s forced-cues-in-full-track, per cue): players show the forced-only track while
/// subtitles are off and the full one alone while they are on, so a viewer who turns subtitles
/// on loses these. The comparison is `ForcedCueCoverage`'s, the one `check` and `hls` use.
///
/// Only for a movie's track. A cue the track's edit list never shows is left to
/// ``MovieEndRule``, which reports it as never shown: it cannot be lost by turning subtitles on.
enum ForcedCueRule {
    static func findings(_ subject: QualitySubject, _ profile: QualityProfile) -> QualityOutcome {
        var outcome = QualityOutcome()
        guard let movie = subject.movie, let trackID = subject.trackID else { return outcome }
        let shown = Dictionary(subject.cues.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        for pair in ForcedCueCoverage.pairs(in: movie) where pair.forcedTrackID == trackID {
            for number in pair.missingCueNumbers {
                guard let numbered = shown[number] else { continue }
                let text = numbered.measurement.lines.joined(separator: " / ")
                outcome.findings.append(QualityFinding(.warning, .forcedCueMissing, numbered,
                    message: "'\(text)' is not in track \(pair.fullTrackID), the full subtitle track of its language (no cue there shows this text at this time): viewers who turn subtitles on see track \(pair.fullTrackID) alone and miss it"))
            }
        }
        return outcome
    }
}
