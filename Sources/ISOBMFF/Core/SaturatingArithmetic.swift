/// Sums and products of counts and durations read from a file, which may be anything: a total
/// that does not fit is pinned at the maximum instead of trapping or wrapping around.
extension FixedWidthInteger where Self: UnsignedInteger {
    /// `self + other`, or `.max` when the sum does not fit.
    public func saturatingAdd(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// `self × other`, or `.max` when the product does not fit.
    public func saturatingMultiply(_ other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}

/// Conversions of floating-point values computed from file fields, clamped instead of trapping.
extension BinaryFloatingPoint {
    /// The value rounded to an `Int64`, pinned to its range; NaN becomes nil. Times shown to
    /// people are computed from file values and may be anything.
    public var clampedInt64: Int64? {
        guard !isNaN else { return nil }
        let rounded = self.rounded()
        if rounded >= 9.2e18 { return .max }
        if rounded <= -9.2e18 { return .min }
        return Int64(rounded)
    }
}
