/// How the overlay, the help and the benchmark's reports write numbers: fixed decimals and
/// thousands separators, the same everywhere, without Foundation's locale-dependent formatters.
/// A number as a person types it (an option's bound, a preset's value, a trace's cell, an
/// exported constant) is ParallaxKit's `Double.written()`.
public enum NumberFormat {
    /// `value` with exactly `decimals` digits after the point; "–" for a non-finite value.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond Int's range a fixed form means nothing; say so rather than trap.
        guard scaled < 9.0e18 else { return value < 0 ? "-∞" : "∞" }
        let whole: Int = (scaled / scale).clampedInteger(rounding: .towardZero)
        let fraction: Int = (scaled - Double(whole) * scale).clampedInteger(rounding: .towardZero)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }

    /// `fixed` with a sign always written: "+1.5", "-0.3", "+0.0".
    public static func signedFixed(_ value: Double, decimals: Int) -> String {
        let text = fixed(value, decimals: decimals)
        return text.hasPrefix("-") || !value.isFinite ? text : "+" + text
    }

    public static func fixed1(_ value: Double) -> String { fixed(value, decimals: 1) }
    public static func fixed2(_ value: Double) -> String { fixed(value, decimals: 2) }
    public static func fixed3(_ value: Double) -> String { fixed(value, decimals: 3) }

    /// An amount of points as a compare value or a preset's name writes it: whole points
    /// without a decimal ("15"), else one ("22.5"); "–" for a non-finite value.
    public static func amount(_ value: Double) -> String {
        value == value.rounded() ? fixed(value, decimals: 0) : fixed1(value)
    }

    /// 1000000 → "1,000,000".
    public static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A count per frame in at most six characters: "900.5", "9.5k", "900k", "1.2M" (the
    /// compare strip's work column is narrow; a million items once wrote "900003.6").
    public static func compact(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value), sign = value < 0 ? "-" : ""
        switch magnitude {
        case ..<999.95: return sign + fixed1(magnitude)
        case ..<9_999.5: return sign + fixed1(magnitude / 1_000) + "k"
        case ..<999_500: return sign + fixed(magnitude / 1_000, decimals: 0) + "k"
        case ..<999_950_000: return sign + fixed1(magnitude / 1_000_000) + "M"
        default: return sign + fixed(magnitude / 1_000_000_000, decimals: 0) + "G"
        }
    }
}
