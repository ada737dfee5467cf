/// Strict JSON input: a key the format does not have is an error, not a silent default, so a
/// typo (`"defualt": true`) is caught before it costs an edit.
extension Decoder {
    /// Throws for the first key of this object not among `known`.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ known: Keys.Type) throws {
        let names = known.allCases.map(\.stringValue)
        let container = try container(keyedBy: AnyJSONKey.self)
        if let unknown = container.allKeys.first(where: { !names.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [unknown],
                                                    debugDescription: "unknown key '\(unknown.stringValue)' (known: \(names.joined(separator: ", ")))"))
        }
    }
}

/// Any key of a JSON object.
private struct AnyJSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
}
