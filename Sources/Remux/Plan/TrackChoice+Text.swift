import Movie

// The text form of track choices, one for the command line and plan files: `auto` or a number.

/// The text form of an alternate group choice: `auto` or a group number.
extension AlternateGroupChoice {
    /// `auto` or a group number from 0 (no group) to 32,767; nil for anything else.
    public init?(text: String) {
        if text == "auto" {
            self = .automatic
        } else if let number = Int16(text), number >= 0 {
            self = .number(number)
        } else {
            return nil
        }
    }

    /// `auto` or the group number.
    public var text: String {
        switch self {
        case .automatic: "auto"
        case let .number(group): String(group)
        }
    }
}

extension AudioTrackChoice {
    /// `auto` or a track ID (from 1); nil for anything else.
    public init?(text: String) {
        if text == "auto" {
            self = .automatic
        } else if let id = UInt32(text), id > 0 {
            self = .track(id)
        } else {
            return nil
        }
    }
}
