/// Writes SubRip: numbered cues, canonical `HH:MM:SS,mmm` timings, text with `<b> <i> <u>`
/// and `<font color="#RRGGBB">`, and `{\an8}` for top-placed cues.
///
/// SubRip has no place for WebVTT settings, classes, voices or languages; they are left out.
/// Ruby annotations are written in parentheses after their base text. Lines end with LF. SubRip
/// has no escape, so text it would read as structure is changed, and
/// ``SubtitleTarget/structureChanges(of:)`` names the cues: blank lines inside a cue are dropped,
/// `-->` is written `->`, and a cue-number line before a timestamp is joined to it
/// (`CueTextStructureGuard` says why each).
public enum SubRipWriter {
    /// The whole file for a parsed document.
    public static func write(_ document: SubtitleDocument) -> String {
        write(cues: document.cues)
    }

    /// The whole file for `cues`, numbered from 1 in the given order.
    public static func write(cues: [Cue]) -> String {
        var output = ""
        for (offset, cue) in cues.enumerated() {
            if offset > 0 { output += "\n" }
            output += "\(offset + 1)\n"
            output += SubtitleTimestampFormat.subRip.string(for: cue.start) + " --> "
                + SubtitleTimestampFormat.subRip.string(for: cue.end) + "\n"
            let text = cueText(cue)
            if !text.isEmpty { output += text + "\n" }
        }
        return output
    }

    /// The text block of one cue, with tags and placement override; lines that SubRip would read
    /// as structure are changed (`CueTextStructureGuard`).
    public static func cueText(_ cue: Cue) -> String {
        let text = CueTextStructureGuard(markup(of: cue), format: .subRip).text
        return cue.placement == .top ? "{\\an8}" + text : text
    }

    /// The tagged text of `cue`, before anything is changed to keep it from becoming structure.
    static func markup(of cue: Cue) -> String {
        let writer = RunMarkupWriter<Tag>(tags: tags(for:), openTag: \.openText, closeTag: \.closeText)
        return writer.markup(cue.text.runs) { run in
            run.style.ruby == .annotation ? "(" + run.text + ")" : run.text
        }
    }

    private enum Tag: Equatable {
        case bold, italic, underline, color(SubtitleColor)

        var openText: String {
            switch self {
            case .bold: "<b>"
            case .italic: "<i>"
            case .underline: "<u>"
            case .color(let color): "<font color=\"" + color.hexString + "\">"
            }
        }

        var closeText: String {
            switch self {
            case .bold: "</b>"
            case .italic: "</i>"
            case .underline: "</u>"
            case .color: "</font>"
            }
        }
    }

    private static func tags(for run: StyledRun) -> [Tag] {
        var tags: [Tag] = []
        if let color = run.style.color { tags.append(.color(color)) }
        if run.style.isBold { tags.append(.bold) }
        if run.style.isItalic { tags.append(.italic) }
        if run.style.isUnderlined { tags.append(.underline) }
        return tags
    }
}
