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
        var merged: [StyledRun] = []
        merged.reserveCapacity(runs.count)
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

/// A stretch of cue text with one style.
public struct StyledRun: Sendable, Equatable, Codable {
    /// The characters; `"\n"` separates lines.
    public var text: String
    /// How the characters look and what they mean (voice, language, ruby).
    public var style: TextStyle
    /// A WebVTT inner timestamp (`<00:00:01.500>`) placed just before this run: the run is
    /// "future" text until then (karaoke). Kept so the `wvtt` codec can write `ctim`.
    public var timestamp: SubtitleTime?

    /// Creates a run.
    public init(_ text: String, style: TextStyle = TextStyle(), timestamp: SubtitleTime? = nil) {
        self.text = text
        self.style = style
        self.timestamp = timestamp
    }
}

/// The style of a ``StyledRun``.
public struct TextStyle: Sendable, Hashable, Codable {
    /// Bold (`<b>`, `tts:fontWeight="bold"`).
    public var isBold: Bool
    /// Italic (`<i>`, `tts:fontStyle="italic"`).
    public var isItalic: Bool
    /// Underlined (`<u>`, `tts:textDecoration="underline"`).
    public var isUnderlined: Bool
    /// Text colour (SubRip `<font color>`, TTML `tts:color`, WebVTT default colour classes).
    public var color: SubtitleColor?
    /// WebVTT class names (`<c.loud.red>` → `["loud"]` plus a colour), in order.
    public var classes: [String]
    /// The speaker (WebVTT `<v Name>`).
    public var voice: String?
    /// A BCP 47 language tag that differs from the document's (WebVTT `<lang>`, TTML `xml:lang`).
    public var language: String?
    /// The run's role in WebVTT ruby (`<ruby>base<rt>annotation</rt></ruby>`), if any.
    public var ruby: RubyRole?

    /// Creates a style; the default is plain text.
    public init(
        isBold: Bool = false,
        isItalic: Bool = false,
        isUnderlined: Bool = false,
        color: SubtitleColor? = nil,
        classes: [String] = [],
        voice: String? = nil,
        language: String? = nil,
        ruby: RubyRole? = nil
    ) {
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.color = color
        self.classes = classes
        self.voice = voice
        self.language = language
        self.ruby = ruby
    }
}

/// The part a run plays in ruby text.
public enum RubyRole: String, Sendable, Hashable, Codable {
    /// The base text the annotation is attached to.
    case base
    /// The small annotation (`<rt>`).
    case annotation
}
