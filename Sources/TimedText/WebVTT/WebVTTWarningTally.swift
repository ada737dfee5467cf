/// The warnings of one WebVTT file, one per kind: a file with sixty malformed timing lines gets
/// one warning that says so sixty times, at the line of the first.
struct WebVTTWarningTally {
    private var warnings: [SubtitleDiagnostic] = []
    private var counts: [String: (index: Int, count: Int)] = [:]

    /// Records `message` about 1-based `line`.
    mutating func add(line: Int?, _ message: String) {
        if let seen = counts[message] {
            counts[message] = (seen.index, seen.count + 1)
        } else {
            counts[message] = (warnings.count, 1)
            warnings.append(SubtitleDiagnostic(line: line, message: message))
        }
    }

    /// The warnings in the order their kinds first occurred, each with its count when above one.
    var diagnostics: [SubtitleDiagnostic] {
        var result = warnings
        for (message, seen) in counts where seen.count > 1 {
            result[seen.index].message = message + " (\(seen.count) times; the first here)"
        }
        return result
    }
}
