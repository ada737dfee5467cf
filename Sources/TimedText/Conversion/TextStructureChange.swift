import Conversion

/// A change a SubRip or WebVTT writer made to a cue's text so that it cannot end the cue or start
/// another: what the format would read as structure and has no escape for.
public enum TextStructureChange: String, Sendable, Hashable, CaseIterable {
    /// A blank line inside the text was dropped (it would end the cue).
    case blankLine = "blank-line"
    /// A line that would read as a timing line was changed: `-->` written `->` (SubRip), a
    /// cue-number line joined to the timestamp after it (SubRip), or `-->` in a WebVTT tag.
    case timingLine = "timing-line"
    /// A WebVTT cue identifier was made one line without `-->` (W3C WebVTT §4.1: an identifier
    /// holds neither, or it would be read as text or timing).
    case identifier = "identifier-line"

    /// The loss kind that names the cues this change was made in.
    public var kind: ConversionLoss.Kind { ConversionLoss.Kind(rawValue: rawValue) }

    /// What was changed and why, for a loss in `target`.
    func message(in target: SubtitleTarget) -> String {
        switch self {
        case .blankLine:
            "blank lines inside cue text were dropped (a blank line ends a \(target) cue)"
        case .timingLine where target == .subRip:
            "'-->' in cue text was written '->', and a number line before a timestamp joined to it "
                + "(SubRip has no escape; readers would take the line for a new cue's timing)"
        case .timingLine:
            "'-->' inside a cue tag was written '->' (it would end the \(target) cue)"
        case .identifier:
            "cue identifiers with a line break or '-->' were made one line without '-->' (WebVTT identifiers cannot hold them)"
        }
    }
}

extension SubtitleTarget {
    /// The cues whose text the writer of this format changes so that it cannot become structure
    /// (``TextStructureChange``), one loss per kind of change, numbering the cues from 1 in the
    /// order given; empty for `tx3g` and TTML, whose text is binary or XML-escaped.
    public func structureChanges(of cues: [Cue]) -> [ConversionLoss] {
        let format: CueTextStructureGuard.Format
        switch self {
        case .subRip: format = .subRip
        case .webVTT: format = .webVTT
        case .tx3g, .ttml: return []
        }
        var tally = ConversionLossTally()
        for (index, cue) in cues.enumerated() {
            let markup = format == .subRip ? SubRipWriter.markup(of: cue) : WebVTTWriter.markup(of: cue.text)
            var changes = CueTextStructureGuard(markup, format: format).changes
            if format == .webVTT, let identifier = cue.identifier, WebVTTWriter.writtenIdentifier(identifier) != identifier {
                changes.insert(.identifier)
            }
            for change in TextStructureChange.allCases where changes.contains(change) {
                tally.add(change.kind, cue: index + 1) { (change.message(in: self), nil) }
            }
        }
        return tally.losses
    }
}
