extension StringProtocol {
    /// The text without leading and trailing white space (Foundation's `trimmingCharacters(in:)`
    /// lives in the part of Foundation the command-line tool does not link).
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
