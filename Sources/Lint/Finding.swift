import TextTracks

/// One problem `MovieCheck` found: where, which rule, why it matters, and how to repair it.
public struct Finding: Sendable {
    /// How serious it is.
    public var severity: FindingSeverity
    /// The track concerned; nil for the movie or a whole alternate group.
    public var trackID: UInt32?
    /// The rule it breaks.
    public var rule: CheckRule
    /// A sentence for a person: what is wrong and what players do about it.
    public var message: String
    /// The change that repairs it, when there is one.
    public var fix: TrackFix?
    /// The track change the message advises, for a front end to name in its own words (the
    /// command line's `legible set-track …`); nil when it advises none.
    public var suggestion: TrackChangeSuggestion?

    /// A finding about `trackID` (nil for the movie as a whole).
    public init(_ severity: FindingSeverity, track trackID: UInt32?, rule: CheckRule, message: String, fix: TrackFix? = nil) {
        self.severity = severity
        self.trackID = trackID
        self.rule = rule
        self.message = message
        self.fix = fix
    }

    /// A finding whose message advises a track change: `message`, then where the change made
    /// with `arguments` is named, then `rest`.
    public init(_ severity: FindingSeverity, track trackID: UInt32?, rule: CheckRule, message: String,
                suggesting arguments: [String], then rest: String = "", fix: TrackFix? = nil) {
        self.init(severity, track: trackID, rule: rule, message: message + rest, fix: fix)
        suggestion = TrackChangeSuggestion(arguments: arguments, position: message.utf8.count)
    }

    /// ``message`` with the suggested change named where it belongs, in the words `name` gives
    /// it (from the change's arguments).
    public func message(naming name: ([String]) -> String) -> String {
        guard let suggestion else { return message }
        let utf8 = message.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: min(suggestion.position, utf8.count))
        return String(message[..<index]) + name(suggestion.arguments) + String(message[index...])
    }
}

/// A change to a track that a ``Finding`` advises: the options of a track edit, such as
/// `["--track", "2", "--language", "TAG"]` (a placeholder in capitals where the user chooses).
public struct TrackChangeSuggestion: Sendable, Equatable {
    /// The options of the change.
    public var arguments: [String]
    /// Where the message names the change: after this many UTF-8 bytes of it.
    public var position: Int
}
