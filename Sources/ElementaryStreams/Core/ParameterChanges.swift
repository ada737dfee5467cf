/// What a frame changes of the parameters its stream's first frame set, in words, for the
/// refusal of a stream one sample entry cannot describe.
struct ParameterChanges {
    private var words: [String] = []

    /// Notes `name` when `now` differs from `first`; `unit` follows each value.
    mutating func compare<Value: Equatable>(_ name: String, _ first: Value, _ now: Value, unit: String = "") {
        if first != now { words.append("\(name) \(first)\(unit) to \(now)\(unit)") }
    }

    /// The changes, or nil when there is none.
    var summary: String? { words.isEmpty ? nil : words.joined(separator: ", ") }
}
