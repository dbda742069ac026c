/// Finds the items whose frames meet a range along one axis in O(log n + scanned).
///
/// Frames stay in item order. Two monotone arrays bound the scan: the running maximum of the
/// trailing edges (everything before the first entry past the range's start ends too early)
/// and the running minimum of the leading edges from the back (everything after the last
/// entry before the range's end starts too late). For layouts that place items roughly in
/// reading order — all of ours, the quilt's hole-filling included — the scan covers the
/// visible items plus a few neighbours.
public struct SpatialIndex: Sendable {
    public let axis: Axis
    private var prefixMaxTrailing: [Double] = []
    private var suffixMinLeading: [Double] = []

    public init(axis: Axis) {
        self.axis = axis
    }

    public var count: Int { prefixMaxTrailing.count }

    /// Rebuilds the index for `frames` (O(n)).
    ///
    /// Under layout invalidation this runs every frame, so both arrays are kept (reallocated
    /// only when the count changes) and written in place through their buffers. Appending
    /// element by element, or appending a repeated zero, is a generic call per element in an
    /// unoptimized build (`make run`'s and the tests'): at 1,000,000 items it was over half of
    /// the monkey's time there (`perf record` of `monkey --seconds 30`).
    public mutating func rebuild(_ frames: [Rect]) {
        let n = frames.count
        if prefixMaxTrailing.count != n {
            prefixMaxTrailing = Array(repeating: 0, count: n)
            suffixMinLeading = Array(repeating: 0, count: n)
        }
        let axis = self.axis
        frames.withUnsafeBufferPointer { frames in
            prefixMaxTrailing.withUnsafeMutableBufferPointer { out in
                var runningMax = -Double.infinity
                var i = 0
                while i < n {
                    runningMax = Swift.max(runningMax, frames[i].max(axis))
                    out[i] = runningMax
                    i += 1
                }
            }
            suffixMinLeading.withUnsafeMutableBufferPointer { out in
                var runningMin = Double.infinity
                var i = n - 1
                while i >= 0 {
                    runningMin = Swift.min(runningMin, frames[i].min(axis))
                    out[i] = runningMin
                    i -= 1
                }
            }
        }
    }

    /// The candidate item range for the interval (lower, upper) along the axis; every item
    /// whose frame overlaps the interval lies inside it.
    public func candidates(from lower: Double, to upper: Double) -> Range<Int> {
        // First index whose running max trailing edge passes `lower`.
        var lo = 0, hi = prefixMaxTrailing.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if prefixMaxTrailing[mid] > lower { hi = mid } else { lo = mid + 1 }
        }
        let first = lo
        // First index whose suffix min leading edge reaches `upper`: from there on nothing starts early enough.
        lo = first
        hi = suffixMinLeading.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if suffixMinLeading[mid] >= upper { hi = mid } else { lo = mid + 1 }
        }
        return first..<lo
    }
}
