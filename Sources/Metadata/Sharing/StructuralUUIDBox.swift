import ISOBMFF

/// `uuid` boxes (ISO/IEC 14496-12 §4.2, extended types) that carry what the samples need to
/// play rather than vendor data: the boxes of Microsoft's Protected Interoperable File Format
/// (PIFF 1.1 §5, the Smooth Streaming fragments of `.ismv`/`.isma`/`.ismt` files) for fragment
/// timing and sample encryption. Strip keeps them: removing one breaks playback and removes
/// nothing private.
enum StructuralUUIDBox {
    /// Extended type → what the box is.
    static let known: [[UInt8]: String] = [
        bytes("6d1d9b0542d544e680e2141daff757b2"): "PIFF fragment timing (tfxd)",
        bytes("d4807ef2ca3946958e5426cb9e46a79f"): "PIFF following fragments' timing (tfrf)",
        bytes("a2394f525a9b4f14a2446c427c648df4"): "PIFF sample encryption",
        bytes("8974dbce7be74c5184f97148f9882554"): "PIFF track encryption",
        bytes("d08a4f1810f34a82b6c832d8aba183d3"): "PIFF protection system header",
    ]

    /// What `box` is, when it is one of the ``known`` `uuid` boxes.
    static func kind(of box: Box) -> String? {
        guard box.type == "uuid", let userType = box.header.userType else { return nil }
        return known[userType]
    }

    private static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            result.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return result
    }
}
