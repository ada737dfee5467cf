/// Values by box type in an open-addressed table whose slot is the type's code times a constant
/// (Fibonacci hashing), not a `Dictionary`, whose `Hasher` a parse paid several times a box:
/// the registry is asked for every box's layout.
struct FourCCTable<Value: Sendable>: Sendable {
    private var codes: [UInt32] = []
    private var values: [Value?] = []
    /// log2 of the number of slots.
    private var bits = 0
    private(set) var count = 0

    subscript(type: FourCC) -> Value? {
        get {
            guard count > 0 else { return nil }
            var slot = slot(of: type.rawValue)
            while let value = values[slot] {
                if codes[slot] == type.rawValue { return value }
                slot = (slot + 1) & (values.count - 1)
            }
            return nil
        }
        set {
            // Tables are filled once and only added to: setting nil removes nothing.
            guard let newValue else { return }
            // At most half full, so a search ends soon at an empty slot.
            if (count + 1) * 2 > values.count { grow() }
            var slot = slot(of: type.rawValue)
            while values[slot] != nil, codes[slot] != type.rawValue { slot = (slot + 1) & (values.count - 1) }
            if values[slot] == nil { count += 1 }
            codes[slot] = type.rawValue
            values[slot] = newValue
        }
    }

    private func slot(of code: UInt32) -> Int {
        bits == 0 ? 0 : Int(truncatingIfNeeded: (code &* 0x9E37_79B9) >> UInt32(32 - bits))
    }

    private mutating func grow() {
        let old = zip(codes, values).compactMap { code, value in value.map { (code, $0) } }
        bits = max(bits + 1, 3)
        codes = [UInt32](repeating: 0, count: 1 << bits)
        values = [Value?](repeating: nil, count: 1 << bits)
        count = 0
        for (code, value) in old { self[FourCC(rawValue: code)] = value }
    }
}
