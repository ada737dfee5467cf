/// A JSON decoding error in one line: what was wrong and where (`groups[2].items`).
extension DecodingError {
    var explanation: String {
        switch self {
        case let .keyNotFound(key, context): "missing '\(key.stringValue)' at \(Self.path(context))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            "\(context.debugDescription)\(Self.underlyingDetail(context)) at \(Self.path(context))"
        @unknown default: "\(self)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the top level" : context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// The JSON parser's own words, which say the line and column of a syntax error.
    private static func underlyingDetail(_ context: DecodingError.Context) -> String {
        guard let underlying = context.underlyingError else { return "" }
        let text = "\(underlying)"
        return text.isEmpty || context.debugDescription.contains(text) ? "" : " (\(text))"
    }
}
