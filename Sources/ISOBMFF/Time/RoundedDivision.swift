/// `value × multiplier ÷ divisor`, rounded to the nearest integer with halves away from zero,
/// computed in 128-bit intermediate precision so that no exactness is lost.
///
/// Returns `nil` when `divisor` is not positive, `multiplier` is negative, or the result does
/// not fit in `Int64`. All exact time conversions (track timescales, TTML frames and ticks) go
/// through this one function.
public func roundedMultiplyDivide(_ value: Int64, _ multiplier: Int64, _ divisor: Int64) -> Int64? {
    guard divisor > 0, multiplier >= 0 else { return nil }
    let product = value.magnitude.multipliedFullWidth(by: multiplier.magnitude)
    let half = UInt64(divisor) / 2
    let (low, carry) = product.low.addingReportingOverflow(half)
    let (high, highOverflow) = product.high.addingReportingOverflow(carry ? 1 : 0)
    // The quotient fits in 64 bits only if the high word is smaller than the divisor.
    guard !highOverflow, high < UInt64(divisor) else { return nil }
    let quotient = UInt64(divisor).dividingFullWidth((high: high, low: low)).quotient
    guard quotient <= UInt64(Int64.max) else { return nil }
    return value < 0 ? -Int64(quotient) : Int64(quotient)
}
