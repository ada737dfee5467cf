import XML
/// Gathers the styled text of a TTML `p`, applying XML whitespace handling as TTML specifies
/// for `xml:space="default"`: line feeds and tabs are spaces, runs of spaces collapse to one,
/// and spaces at the start or end of a line (around `<br/>` and the paragraph edges) vanish.
/// Text under `xml:space="preserve"` is kept as written.
struct TTMLTextCollector {
    private var runs: [StyledRun] = []
    /// A collapsible space seen but not yet written, with the style it had.
    private var pendingSpace: TextStyle?
    private var atLineStart = true
    /// Whether the last character written is white space kept under `xml:space="preserve"`:
    /// a collapsible space after it collapses into it (XSL 1.1 `white-space-collapse`, which
    /// TTML1 applies to `xml:space="default"`; ttconv does the same).
    private var afterKeptSpace = false

    mutating func appendText(_ text: String, style: TextStyle, preserveSpace: Bool) {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if preserveSpace {
                flushPendingSpace(into: &scalars, style: style)
                scalars.append(scalar == "\r" ? "\n" : scalar)
                atLineStart = scalar == "\n"
                afterKeptSpace = scalar.isTextWhitespace
            } else if scalar.isTextWhitespace {
                if !atLineStart, !afterKeptSpace, pendingSpace == nil { pendingSpace = style }
            } else {
                flushPendingSpace(into: &scalars, style: style)
                scalars.append(scalar)
                atLineStart = false
                afterKeptSpace = false
            }
        }
        append(scalars, style: style)
    }

    mutating func appendLineBreak(style: TextStyle) {
        pendingSpace = nil
        append(String.UnicodeScalarView(["\n"]), style: style)
        atLineStart = true
        afterKeptSpace = false
    }

    /// The collected text (a trailing collapsible space is dropped).
    func finish() -> CueText {
        CueText(runs: runs)
    }

    /// A pending space goes out in its own style if that differs from the text after it.
    private mutating func flushPendingSpace(into scalars: inout String.UnicodeScalarView, style: TextStyle) {
        guard let spaceStyle = pendingSpace else { return }
        pendingSpace = nil
        if spaceStyle == style {
            scalars.append(" ")
        } else {
            append(String.UnicodeScalarView([" "]), style: spaceStyle)
        }
    }

    private mutating func append(_ scalars: String.UnicodeScalarView, style: TextStyle) {
        guard !scalars.isEmpty else { return }
        runs.append(StyledRun(String(scalars), style: style))
    }
}
