/// Orders names the way a person reads them: runs of digits compare as numbers, so
/// "IMG_2" comes before "IMG_10"; letters compare without regard to case.
public enum NaturalOrder {
    /// Whether `a` sorts before `b`. Names equal but for case or leading zeros fall back to
    /// plain code-point order, so the order is total and stable.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        Key(a) < Key(b)
    }

    /// A name's scalars, taken apart once: sorting 100,000 names compares each some 17 times,
    /// and splitting both names into scalars at every comparison cost most of a sort's time.
    public struct Key: Comparable, Sendable {
        let scalars: [Unicode.Scalar]
        public init(_ name: String) { scalars = Array(name.unicodeScalars) }

        public static func < (a: Key, b: Key) -> Bool {
            let order = compare(a.scalars, b.scalars)
            return order != 0 ? order < 0 : a.scalars.lexicographicallyPrecedes(b.scalars) { $0.value < $1.value }
        }

        public static func == (a: Key, b: Key) -> Bool { a.scalars == b.scalars }
    }

    /// The indices of `names` in natural order (stable for equal names).
    public static func sortedIndices(_ names: [String]) -> [Int] {
        let keys = names.map(Key.init)
        return keys.indices.sorted { a, b in keys[a] < keys[b] || (keys[a] == keys[b] && a < b) }
    }

    /// −1, 0 or 1.
    static func compare(_ a: String, _ b: String) -> Int {
        compare(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    static func compare(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let (endX, endY) = (runEnd(x, from: i), runEnd(y, from: j))
                // Compare digit runs as numbers without converting them (a run may be longer
                // than Int holds): drop leading zeros, then the longer run is larger, then
                // digit by digit.
                let digitsX = x[i..<endX].drop { $0 == "0" }, digitsY = y[j..<endY].drop { $0 == "0" }
                if digitsX.count != digitsY.count { return digitsX.count < digitsY.count ? -1 : 1 }
                for (dx, dy) in zip(digitsX, digitsY) where dx != dy {
                    return dx.value < dy.value ? -1 : 1
                }
                i = endX
                j = endY
            } else {
                let (cx, cy) = (folded(x[i]), folded(y[j]))
                if cx != cy { return cx < cy ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return 0
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

    private static func runEnd(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        return end
    }

    /// ASCII letters folded to lower case; other scalars as they are.
    private static func folded(_ s: Unicode.Scalar) -> UInt32 {
        ("A"..."Z").contains(s) ? s.value + 32 : s.value
    }
}
