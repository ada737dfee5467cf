/// What a player shows of cues when it shows forced subtitles only (subtitles off): the cues a
/// file marks forced, whole, and of a cue that marks only some of its text forced, that text
/// alone.
///
/// A forced cue is a TTML `p` (or its `div`, `body` or region) with `itts:forcedDisplay="true"`
/// or a `tx3g` sample with a `frcd` box or a description whose display flags say all samples
/// are forced (QTFF, Subtitle media). A forced span (``TextStyle/isForced`` in a cue that is not
/// forced) exists only in TTML: W3C IMSC 1.0.1, `itts:forcedDisplay`, has a processor in
/// `displayForcedOnlyMode` hide every content element whose `itts:forcedDisplay` is `false`,
/// so of `<p>Sign: <span itts:forcedDisplay="true">EXIT</span></p>` a viewer with subtitles off
/// sees "EXIT" alone. A `tx3g` sample is forced or not as a whole, so a forced-only track
/// carries the span's text as a cue of its own, which is what that viewer sees. SubRip and
/// WebVTT have no way to mark a cue forced.
public enum ForcedDisplay {
    /// Whether any cue is forced or holds forced text.
    public static func marksAny(_ cues: [Cue]) -> Bool {
        cues.contains { cue in cue.isForced || cue.text.runs.contains(where: \.style.isForced) }
    }

    /// What forced-only display shows of `cues`, in their order: each forced cue, and each cue
    /// with forced text as that text alone; every cue returned is forced.
    public static func shown(_ cues: [Cue]) -> [Cue] {
        cues.compactMap(shown(of:))
    }

    /// What forced-only display shows of `cue`: the cue itself when it is forced; its forced
    /// runs when it has some (the hidden text between two of them becomes one line break when
    /// it held one, else one space, since the hidden text still takes its room); nil otherwise.
    public static func shown(of cue: Cue) -> Cue? {
        if cue.isForced { return cue }
        var runs: [StyledRun] = []
        var hidden = ""
        for run in cue.text.runs {
            guard run.style.isForced else {
                hidden += run.text
                continue
            }
            if !hidden.isEmpty, runs.last?.text.last?.isWhitespace == false, run.text.first?.isWhitespace == false {
                runs.append(StyledRun(hidden.contains("\n") ? "\n" : " "))
            }
            hidden = ""
            var kept = run
            kept.style.isForced = false
            runs.append(kept)
        }
        let text = trimmed(runs)
        guard !text.isEmpty else { return nil }
        var forced = cue
        forced.text = CueText(runs: text)
        forced.isForced = true
        return forced
    }

    /// `runs` without the white space before the first character and after the last.
    private static func trimmed(_ runs: [StyledRun]) -> [StyledRun] {
        var runs = runs
        while let first = runs.first {
            let text = String(first.text.drop(while: \.isWhitespace))
            if text.isEmpty { runs.removeFirst() } else { runs[0].text = text; break }
        }
        while let last = runs.last {
            let text = String(last.text.reversed().drop(while: \.isWhitespace).reversed())
            if text.isEmpty { runs.removeLast() } else { runs[runs.count - 1].text = text; break }
        }
        return runs
    }
}
