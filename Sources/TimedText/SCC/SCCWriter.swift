/// Writes Scenarist SCC files: the header, a blank line, then each burst as a line of its
/// timecode, a tab and its pairs as four-digit hex words, lines separated by blank lines (the
/// layout Scenarist and pycaption write).
public enum SCCWriter {
    /// The file text for `document`.
    public static func write(_ document: SCCDocument) -> String {
        write(bursts: document.bursts, dropFrame: document.isDropFrame)
    }

    /// The file text for bursts on the 30000/1001 grid; bursts of padding alone are left out, as
    /// they carry nothing.
    public static func write(bursts: [CEA608Burst], dropFrame: Bool = true) -> String {
        var output = SCCParser.header + "\n\n"
        for burst in bursts where !burst.isPadding && !burst.pairs.isEmpty {
            output += SCCTimecode(frame: burst.frame, isDropFrame: dropFrame).description + "\t"
            output += burst.pairs.map(\.hexWord).joined(separator: " ") + "\n\n"
        }
        return output
    }
}
