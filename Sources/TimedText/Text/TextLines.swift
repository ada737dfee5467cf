/// Splits text into lines at CR LF, LF or CR (mixed freely), as SubRip and WebVTT files need.
///
/// Works on Unicode scalars, because `"\r\n"` is a single `Character` in Swift and would
/// otherwise hide the line break from a character-wise scan.
struct TextLines {
    /// The lines without their terminators; line `n` (1-based) is `lines[n - 1]`.
    let lines: [Substring]

    init(_ text: String) {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var lineStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(Substring(scalars[lineStart..<index]))
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" {
                    next = scalars.index(after: next)
                }
                index = next
                lineStart = next
            } else {
                index = scalars.index(after: index)
            }
        }
        if lineStart < scalars.endIndex {
            lines.append(Substring(scalars[lineStart..<scalars.endIndex]))
        }
        self.lines = lines
    }
}
