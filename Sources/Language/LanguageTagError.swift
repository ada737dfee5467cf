/// Why text given as a language (a `--language` option, say) is not a BCP 47 tag Legible can store.
public struct LanguageTagError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public var input: String
    /// What is wrong with it, e.g. "empty subtag", "unknown language 'xx'" or "unknown region 'UK'".
    public var reason: String

    /// One line for a command-line user: what was wrong and what a valid tag looks like.
    public var description: String {
        "'\(Self.printable(input))' is not a valid BCP 47 language tag: \(reason) (valid tags look like en, pt-BR or zh-Hant)"
    }

    init(_ input: String, _ reason: String) {
        self.input = input
        self.reason = reason
    }

    /// Escapes control and separator characters so a pasted newline cannot break the message's one line.
    static func printable(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: scalar.escaped(asASCII: true)
            default: String(scalar)
            }
        }.joined()
    }
}
