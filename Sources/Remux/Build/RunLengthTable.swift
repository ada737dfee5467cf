/// Per-sample values as runs of samples sharing one value, as `stts` holds decode deltas and
/// `ctts` composition offsets (ISO/IEC 14496-12 §8.6.1.2, §8.6.1.3).
struct RunLengthTable<Value: Equatable> {
    private(set) var runs: [(count: UInt32, value: Value)] = []

    /// Adds one sample's value, lengthening the last run when it holds the same value and has room.
    mutating func append(_ value: Value) {
        if let last = runs.last, last.value == value, last.count < UInt32.max {
            runs[runs.count - 1].count += 1
        } else {
            runs.append((1, value))
        }
    }
}
