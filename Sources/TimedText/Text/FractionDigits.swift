/// Converts a decimal fraction given as `digits` (with `count` digits, e.g. 5 and 1 for ".5")
/// to microseconds, exactly for up to six digits; further digits are truncated.
func fractionMicroseconds(_ digits: Int64, count: Int) -> Int64 {
    guard count > 0 else { return 0 }
    if count <= 6 {
        var scale: Int64 = 1
        for _ in count..<6 { scale *= 10 }
        return digits * scale
    }
    // `digits` saturates for very long fractions; only its leading six digits matter.
    var value = digits
    var remaining = min(count, 18)
    while remaining > 6 {
        value /= 10
        remaining -= 1
    }
    return value
}
