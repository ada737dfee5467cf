import TextTracks

/// Cues of a forced-only track that the full subtitle track of its language does not show
/// (`check`'s forced-cues-in-full-track, per cue): players show the forced-only track while
/// subtitles are off and the full one alone while they are on, so a viewer who turns subtitles
/// on loses these. The comparison is `ForcedCueCoverage`'s, the one `check` and `hls` use.
/// The other way round, on the full track: the cues it marks forced that its twin does not
/// show, which a viewer with subtitles off loses.
///
/// Only for a movie's track. A cue the track's edit list never shows is left to
/// ``MovieEndRule``, which reports it as never shown: it cannot be lost by turning subtitles on.
enum ForcedCueRule {
    static func findings(_ subject: QualitySubject, _ profile: QualityProfile) -> QualityOutcome {
        var outcome = QualityOutcome()
        guard let movie = subject.movie, let trackID = subject.trackID else { return outcome }
        let shown = Dictionary(subject.cues.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        for pair in ForcedCueCoverage.pairs(in: movie) where pair.forcedTrackID == trackID || pair.fullTrackID == trackID {
            let forcedTrack = pair.forcedTrackID == trackID
            for number in forcedTrack ? pair.missingCueNumbers : pair.markedCueNumbersNotInTwin {
                guard let numbered = shown[number] else { continue }
                let text = numbered.measurement.lines.joined(separator: " / ")
                outcome.findings.append(forcedTrack
                    ? QualityFinding(.warning, .forcedCueMissing, numbered,
                                     message: "'\(text)' is not in track \(pair.fullTrackID), the full subtitle track of its language (no cue there shows this text at this time): viewers who turn subtitles on see track \(pair.fullTrackID) alone and miss it")
                    : QualityFinding(.warning, .forcedCueNotInTwin, numbered,
                                     message: "'\(text)' is marked forced but track \(pair.forcedTrackID), this track's forced-only twin, does not show it at this time: viewers with subtitles off see track \(pair.forcedTrackID) alone and miss it"))
            }
        }
        return outcome
    }
}
