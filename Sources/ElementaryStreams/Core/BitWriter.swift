/// Writes bit fields MSB first, for the `dac3`/`dec3` payloads and the AudioSpecificConfig.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: UInt32, bits count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            let bit = UInt8(value >> UInt32(shift) & 1)
            bytes[bytes.count - 1] |= bit << (7 - UInt8(used))
            used += 1
        }
    }
}
