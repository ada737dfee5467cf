/// Whitespace trimming shared by the text format parsers.
extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks (the whitespace set
    /// WebVTT, XML and SubRip agree on), as a `String`.
    public func trimmingTextWhitespace() -> String {
        let string = String(self)
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isTextWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isTextWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// The whitespace set the text format parsers share.
extension Unicode.Scalar {
    /// Space, tab, line feed, form feed or carriage return.
    public var isTextWhitespace: Bool {
        switch value {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D: true
        default: false
        }
    }
}
