extension Double {
    /// This value as a person writes it, and as Swift, JSON, TypeScript and a CSV reader read
    /// it back: a whole number without a fraction ("2000", not "2000.0"; -0 as "0"), any other
    /// the shortest text that reads back as the same Double ("0.9999", "1e+20").
    ///
    /// `pointOnWholeNumbers` writes "2000.0" instead, for the languages in which "2000" is an
    /// integer literal (Swift, Kotlin and Dart source where a Double is wanted).
    ///
    /// The one place the messages, presets, traces and exports turn a Double into words: NaN
    /// and the infinities are written as Swift spells them ("nan", "inf", "-inf"), whole numbers
    /// from 1e15 up as Swift does (they would not fit the digits of an integer literal the
    /// languages share), so no value can trap here.
    public func written(pointOnWholeNumbers: Bool = false) -> String {
        guard isFinite, self == rounded(), abs(self) < 1e15 else { return String(self) }
        let whole: Int = clampedInteger()
        return String(whole) + (pointOnWholeNumbers ? ".0" : "")
    }
}
