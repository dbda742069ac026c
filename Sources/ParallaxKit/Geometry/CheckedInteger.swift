extension Double {
    /// This value rounded by `rule` as an `I`, clamped to `I`'s range; NaN gives 0.
    ///
    /// The one way the project turns a Double into an integer: Swift's `Int(_:)` traps on a
    /// value out of range (a window 3e9 points wide once did), this never does. Values that
    /// should never be out of range are checked against their stated limits before they get
    /// here; this is the last line.
    @inline(__always)
    public func clampedInteger<I: FixedWidthInteger>(_ type: I.Type = I.self, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> I {
        guard !isNaN else { return 0 }
        let r = rounded(rule)
        // Double(I.max) rounds up to a power of two for 64-bit types, so compare with >=.
        if r >= Double(I.max) { return I.max }
        if r <= Double(I.min) { return I.min }
        return I(r)
    }
}
