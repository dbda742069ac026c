/// Orders names the way a person reads them: runs of digits compare as numbers, so
/// "IMG_2" comes before "IMG_10"; letters compare without regard to case.
public enum NaturalOrder {
    /// Whether `a` sorts before `b`. Names equal but for case or leading zeros fall back to
    /// plain code-point order, so the order is total and stable.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        Key(a) < Key(b)
    }

    /// A name's scalars, taken apart once (splitting both names at every comparison cost
    /// most of a sort's time).
    public struct Key: Comparable, Sendable {
        let scalars: [UInt32]
        public init(_ name: String) { scalars = name.unicodeScalars.map(\.value) }

        public static func < (a: Key, b: Key) -> Bool {
            a.scalars.withUnsafeBufferPointer { x in b.scalars.withUnsafeBufferPointer { y in precedes(x, y) } }
        }
    }

    /// The indices of `names` in natural order (stable for equal names). Every name's
    /// scalars go into one buffer read through pointers: sorting 100,000 names compares some
    /// 1.7 million pairs, and arrays of their own cost a retain and a release at each.
    public static func sortedIndices(_ names: [String]) -> [Int] {
        var scalars: [UInt32] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(names.count + 1)
        for name in names {
            scalars.append(contentsOf: name.unicodeScalars.lazy.map(\.value))
            starts.append(scalars.count)
        }
        var order = Array(names.indices)
        scalars.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                func name(_ i: Int) -> UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]]) }
                order.sort { a, b in
                    let (x, y) = (name(a), name(b))
                    if precedes(x, y) { return true }
                    return !precedes(y, x) && a < b
                }
            }
        }
        return order
    }

    /// Natural order, then plain code-point order for names equal but for case or zeros.
    static func precedes(_ x: UnsafeBufferPointer<UInt32>, _ y: UnsafeBufferPointer<UInt32>) -> Bool {
        let order = compare(x, y)
        return order != 0 ? order < 0 : x.lexicographicallyPrecedes(y)
    }

    /// −1, 0 or 1.
    static func compare(_ a: String, _ b: String) -> Int {
        let (x, y) = (a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value))
        return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in compare(x, y) } }
    }

    static func compare(_ x: UnsafeBufferPointer<UInt32>, _ y: UnsafeBufferPointer<UInt32>) -> Int {
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let (endX, endY) = (runEnd(x, from: i), runEnd(y, from: j))
                // Compare digit runs as numbers without converting them (a run may be longer
                // than Int holds): drop leading zeros, then the longer run is larger, then
                // digit by digit.
                var startX = i, startY = j
                while startX < endX, x[startX] == zero { startX += 1 }
                while startY < endY, y[startY] == zero { startY += 1 }
                let (countX, countY) = (endX - startX, endY - startY)
                if countX != countY { return countX < countY ? -1 : 1 }
                for k in 0..<countX where x[startX + k] != y[startY + k] {
                    return x[startX + k] < y[startY + k] ? -1 : 1
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

    private static let zero = UInt32(UInt8(ascii: "0"))

    @inline(__always)
    private static func isDigit(_ s: UInt32) -> Bool { s >= 48 && s <= 57 }

    private static func runEnd(_ s: UnsafeBufferPointer<UInt32>, from start: Int) -> Int {
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        return end
    }

    /// ASCII letters folded to lower case; other scalars as they are.
    @inline(__always)
    private static func folded(_ s: UInt32) -> UInt32 {
        s >= 65 && s <= 90 ? s + 32 : s
    }
}
