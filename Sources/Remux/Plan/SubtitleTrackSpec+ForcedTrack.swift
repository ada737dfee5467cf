import Movie
import TimedText

extension SubtitleTrackSpec {
    /// The engine's requests for `document`, the parsed ``file``: the track
    /// ``request(for:skipsImages:)`` makes and, when ``forcedTrack``, after it its forced-only
    /// twin: the cues forced-only display shows (`ForcedDisplay`), in the same language, tagged
    /// forced-only and paired with `forc`. `firstIndex` is where the first request goes in
    /// ``EditPlan/subtitleTracks`` (the twin names it, ``FullTrackChoice/addedBy(requestIndex:)``).
    ///
    /// The full track keeps every cue and its forced marks. The twin takes the full track's
    /// language and group alone: no name, default, sound track to follow or other
    /// characteristic, since those describe the full track (an SDH track's forced cues are
    /// not SDH).
    ///
    /// - Throws: ``SubtitleTrackSpecError/noForcedCues(_:)`` when ``forcedTrack`` and the file
    ///   marks no cue forced (SubRip and WebVTT never can), rather than an empty track;
    ///   ``SubtitleTrackSpecError/forcedTrackOfForcedTrack`` when the spec is forced-only itself.
    public func requests(for document: SubtitleDocument, skipsImages: Bool = false,
                         firstIndex: Int = 0) throws(SubtitleTrackSpecError) -> [SubtitleTrackRequest] {
        var full = try request(for: document, skipsImages: skipsImages)
        guard forcedTrack == true else { return [full] }
        if forced == true || forcedFor != nil { throw .forcedTrackOfForcedTrack }
        let shown = ForcedDisplay.shown(document.cues)
        guard !shown.isEmpty else { throw .noForcedCues(document.format) }
        let twin = SubtitleTrackRequest(cues: shown, format: full.format, properties: TrackChanges(language: full.properties.language), isForcedOnly: true,
                                        forcedTwinOf: .addedBy(requestIndex: firstIndex))
        // A tx3g or wvtt sample cannot mark a span forced: the twin shows those spans, so the
        // full track leaves the marks out rather than name them lost. A stpp track keeps them.
        if case .ttml = full.format {} else { full.cues = full.cues.map(Self.withoutForcedSpans) }
        return [full, twin]
    }

    /// `cue` with no span marked forced (a cue forced whole stays so).
    static func withoutForcedSpans(_ cue: Cue) -> Cue {
        var cue = cue
        cue.text = CueText(runs: cue.text.runs.map { run in
            var run = run
            run.style.isForced = false
            return run
        })
        return cue
    }
}
