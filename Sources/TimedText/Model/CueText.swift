/// The text of a cue as a sequence of styled runs.
///
/// Line breaks are `"\n"` inside run text. The runs are kept normalized: adjacent runs with the
/// same style merge and empty runs disappear (unless they carry an inner timestamp), so two
/// texts that display the same compare equal.
public struct CueText: Sendable, Equatable, Codable, ExpressibleByStringLiteral {
    /// The runs, in display order.
    public private(set) var runs: [StyledRun]

    /// Creates a text from runs, normalizing them.
    public init(runs: [StyledRun]) {
        // No room reserved for every run: a CEA-608 screen gives a run per character, which
        // merge into one or two, and each cue would keep the room (about 2 KB a caption).
        var merged: [StyledRun] = []
        for run in runs where !(run.text.isEmpty && run.timestamp == nil) {
            if let last = merged.last, last.style == run.style, run.timestamp == nil {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
        self.runs = merged
    }

    /// Creates an unstyled text.
    public init(_ plain: String) {
        self.init(runs: [StyledRun(plain)])
    }

    /// Creates an unstyled text from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without styling or ruby annotations, lines separated by `"\n"`.
    public var plainText: String {
        var result = ""
        for run in runs where run.style.ruby != .annotation {
            result += run.text
        }
        return result
    }

    /// Whether there is no text at all.
    public var isEmpty: Bool {
        runs.allSatisfy { $0.text.isEmpty }
    }
}
