import ISOBMFF
import XML
/// TTML time expressions and the `ttp:` timing parameters they depend on.
///
/// Clock time: `hh:mm:ss`, `hh:mm:ss.fraction`, `hh:mm:ss:frames[.subframes]`.
/// Offset time: `<number><metric>` with metric `h`, `m`, `s`, `ms`, `f` (frames) or `t` (ticks),
/// e.g. `12.5s`, `500ms`, `30f`, `100t`. Every form converts to microseconds with one rounded
/// integer division, so frame and tick times are exact to half a microsecond.
struct TTMLTimeExpression {
    /// `ttp:frameRate` (default 30).
    var frameRate: Int64 = 30
    /// `ttp:frameRateMultiplier` numerator and denominator (default 1 1).
    var multiplierNumerator: Int64 = 1
    var multiplierDenominator: Int64 = 1
    /// `ttp:subFrameRate` (default 1).
    var subFrameRate: Int64 = 1
    /// `ttp:tickRate` (default: frame rate × sub-frame rate if a frame rate is given, else 1).
    var tickRate: Int64 = 1

    /// Reads the timing parameters from the `tt` element's `ttp:` attributes.
    init(parameters: (String) -> String?, warn: (String) -> Void) {
        func positive(_ name: String) -> Int64? {
            guard let text = parameters(name) else { return nil }
            guard let value = Int64(text.trimmingTextWhitespace()), value > 0, value <= 1_000_000_000 else {
                warn("ttp:\(name) \"\(text)\" ignored")
                return nil
            }
            return value
        }
        let declaredFrameRate = positive("frameRate")
        frameRate = declaredFrameRate ?? 30
        subFrameRate = positive("subFrameRate") ?? 1
        tickRate = positive("tickRate") ?? (declaredFrameRate.map { $0 * subFrameRate } ?? 1)
        if let text = parameters("frameRateMultiplier") {
            let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int64($0) }
            if parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 1_000_000 }) {
                (multiplierNumerator, multiplierDenominator) = (parts[0], parts[1])
            } else {
                warn("ttp:frameRateMultiplier \"\(text)\" ignored")
            }
        }
    }

    /// The time an expression denotes, or nil if it is malformed or out of range.
    func time(_ text: String) -> SubtitleTime? {
        var scanner = ScalarScanner(text.trimmingTextWhitespace())
        let first = scanner.digits()
        guard first.count > 0, first.count <= 18 else { return nil }
        if scanner.current == ":" { return clockTime(hours: first.value, &scanner) }
        var fraction: (value: Int64, count: Int) = (0, 0)
        if scanner.consume(".") {
            fraction = scanner.digits()
            guard fraction.count > 0, first.count + fraction.count <= 18 else { return nil }
        }
        // `mantissa / 10^scale` units of the metric.
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        let mantissa = first.value * scale + fraction.value
        let metric = scanner.remainder
        let microseconds: Int64?
        switch metric {
        case "h": microseconds = roundedMultiplyDivide(mantissa, 3_600_000_000, scale)
        case "m": microseconds = roundedMultiplyDivide(mantissa, 60_000_000, scale)
        case "s": microseconds = roundedMultiplyDivide(mantissa, 1_000_000, scale)
        case "ms": microseconds = roundedMultiplyDivide(mantissa, 1_000, scale)
        case "f": microseconds = framesToMicroseconds(mantissa, scale: scale)
        case "t": microseconds = Self.multiply(scale, tickRate).flatMap { roundedMultiplyDivide(mantissa, 1_000_000, $0) }
        default: microseconds = nil
        }
        return microseconds.flatMap(Self.bounded)
    }

    /// `hh:mm:ss[.fraction | :frames[.subframes]]` after the hours.
    private func clockTime(hours: Int64, _ scanner: inout ScalarScanner) -> SubtitleTime? {
        guard scanner.consume(":") else { return nil }
        let minutes = scanner.digits()
        guard minutes.count == 2, scanner.consume(":") else { return nil }
        let seconds = scanner.digits()
        guard seconds.count == 2, minutes.value <= 59, seconds.value <= 60 else { return nil }
        var microseconds: Int64 = 0
        if scanner.consume(".") {
            let fraction = scanner.digits()
            guard fraction.count > 0 else { return nil }
            microseconds = fractionMicroseconds(fraction.value, count: fraction.count)
        } else if scanner.consume(":") {
            let frames = scanner.digits()
            guard frames.count > 0, frames.count <= 9 else { return nil }
            var subFrames: Int64 = 0
            if scanner.consume(".") {
                let digits = scanner.digits()
                guard digits.count > 0, digits.count <= 9 else { return nil }
                subFrames = digits.value
            }
            // frames + subFrames / subFrameRate, expressed in sub-frames.
            guard let totalSubFrames = Self.multiply(frames.value, subFrameRate).map({ $0 + subFrames }),
                  let value = framesToMicroseconds(totalSubFrames, scale: subFrameRate)
            else { return nil }
            microseconds = value
        }
        guard scanner.isAtEnd, hours <= 100_000 else { return nil }
        return Self.bounded(SubtitleTime(hours: hours, minutes: minutes.value, seconds: seconds.value).microseconds + microseconds)
    }

    /// `frames / scale` frames at the effective frame rate (frameRate × multiplier) in µs:
    /// frames × denominator × 10^6 / (scale × frameRate × numerator).
    private func framesToMicroseconds(_ frames: Int64, scale: Int64) -> Int64? {
        guard let multiplier = Self.multiply(multiplierDenominator, 1_000_000),
              let divisor = Self.multiply(scale, frameRate).flatMap({ Self.multiply($0, multiplierNumerator) })
        else { return nil }
        return roundedMultiplyDivide(frames, multiplier, divisor)
    }

    private static func multiply(_ a: Int64, _ b: Int64) -> Int64? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    private static func bounded(_ microseconds: Int64) -> SubtitleTime? {
        microseconds <= SubtitleTime.maximum.microseconds ? SubtitleTime(microseconds: microseconds) : nil
    }
}
