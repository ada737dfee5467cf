/// `value × multiplier ÷ divisor`, rounded to the nearest integer with halves away from zero,
/// computed in 128-bit intermediate precision so that no exactness is lost.
///
/// Returns `nil` when `divisor` is not positive, `multiplier` is negative, or the result does
/// not fit in `Int64`. All exact time conversions (track timescales, TTML frames and ticks) go
/// through this function or its unsigned form, ``roundedMultiplyDivide(_:by:over:rounding:)``.
public func roundedMultiplyDivide(_ value: Int64, _ multiplier: Int64, _ divisor: Int64) -> Int64? {
    guard divisor > 0, multiplier >= 0,
          let quotient = roundedMultiplyDivide(value.magnitude, by: multiplier.magnitude, over: divisor.magnitude),
          quotient <= UInt64(Int64.max) else { return nil }
    return value < 0 ? -Int64(quotient) : Int64(quotient)
}

/// `value × multiplier ÷ divisor` for unsigned values, computed in 128-bit intermediate
/// precision and rounded by `rule`: to the nearest integer with halves up
/// (`.toNearestOrAwayFromZero`, `.toNearestOrEven`), up (`.up`, `.awayFromZero`) or down
/// (`.down`, `.towardZero`). Returns `nil` when `divisor` is 0 or the result does not fit in
/// `UInt64`.
public func roundedMultiplyDivide(_ value: UInt64, by multiplier: UInt64, over divisor: UInt64,
                     rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> UInt64? {
    guard divisor > 0 else { return nil }
    let product = value.multipliedFullWidth(by: multiplier)
    // The quotient fits in 64 bits only if the high word is smaller than the divisor.
    guard product.high < divisor else { return nil }
    let (quotient, remainder) = divisor.dividingFullWidth(product)
    let roundsUp = switch rule {
    case .down, .towardZero: false
    case .up, .awayFromZero: remainder > 0
    default: remainder >= divisor - remainder && remainder > 0
    }
    guard roundsUp else { return quotient }
    return quotient < UInt64.max ? quotient + 1 : nil
}
