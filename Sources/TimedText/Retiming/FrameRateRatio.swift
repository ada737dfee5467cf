import ISOBMFF

/// A video frame rate as an exact fraction of frames per second: `25`, `24000/1001`.
///
/// The NTSC rates are written as decimals (23.976, 29.97, 59.94) but are exactly N × 1000/1001
/// (SMPTE ST 12-1 counts frames of 30000/1001 video); reading them as their decimal value would
/// drift 3.6 ms an hour (one part in a million) from the true rate, so ``init(parsing:)`` takes them as the fraction.
public struct FrameRateRatio: Sendable, Hashable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    public let numerator: Int64
    /// The seconds `numerator` frames take.
    public let denominator: Int64

    /// The rate `numerator / denominator`, reduced; nil unless both are positive and at most
    /// 1,000,000 (so products of two rates fit in 64 bits).
    public init?(numerator: Int64, denominator: Int64) {
        guard numerator > 0, denominator > 0, numerator <= 1_000_000, denominator <= 1_000_000 else { return nil }
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// The decimals that name NTSC rates, each exactly its whole rate × 1000/1001.
    private static let ntscDecimals: [String: Int64] = ["23.976": 24, "29.97": 30, "47.952": 48, "59.94": 60, "119.88": 120]

    /// Reads `25`, `24000/1001` or an NTSC decimal (`23.976`, `29.97`, `47.952`, `59.94`,
    /// `119.88`); nil for anything else.
    public init?(parsing text: String) {
        if let whole = Self.ntscDecimals[text] {
            self.init(numerator: whole * 1000, denominator: 1001)
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.allSatisfy(\.isASCII) }),
              let numerator = Int64(parts[0]), let denominator = parts.count == 2 ? Int64(parts[1]) : 1 else { return nil }
        self.init(numerator: numerator, denominator: denominator)
    }

    /// `25` or `24000/1001`.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    static func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
