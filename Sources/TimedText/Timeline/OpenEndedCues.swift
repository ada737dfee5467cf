/// Cues whose source gives no end (``Cue/hasOpenEnd``, such as TTML text with no end anywhere,
/// TTML1 3rd Ed. §10.4) closed where what they are shown over ends.
public enum OpenEndedCues {
    /// `cues` with each open end set to the end of what they are shown over: `end` (the movie's),
    /// or the latest start or end of the other cues when that is later (a track the movie is
    /// lengthened to hold) or when there is no `end`. A cue starting at or after that end ends
    /// where it starts: it is never shown, and a track held to the movie's end names it.
    public static func closed(_ cues: [Cue], at end: SubtitleTime?) -> [Cue] {
        guard cues.contains(where: \.hasOpenEnd) else { return cues }
        var documentEnd = end ?? .zero
        for cue in cues {
            documentEnd = max(documentEnd, cue.start)
            if !cue.hasOpenEnd { documentEnd = max(documentEnd, cue.end) }
        }
        return cues.map { cue in
            guard cue.hasOpenEnd else { return cue }
            var closed = cue
            closed.end = max(cue.start, documentEnd)
            return closed
        }
    }
}
