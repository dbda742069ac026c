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
    public mutating func rebuild(_ frames: [Rect]) {
        let n = frames.count
        prefixMaxTrailing.removeAll(keepingCapacity: true)
        prefixMaxTrailing.reserveCapacity(n)
        var runningMax = -Double.infinity
        for frame in frames {
            runningMax = Swift.max(runningMax, frame.max(axis))
            prefixMaxTrailing.append(runningMax)
        }
        // Reuse the buffer: under layout invalidation this runs every frame.
        suffixMinLeading.removeAll(keepingCapacity: true)
        suffixMinLeading.append(contentsOf: repeatElement(0, count: n))
        var runningMin = Double.infinity
        suffixMinLeading.withUnsafeMutableBufferPointer { out in
            var i = n - 1
            while i >= 0 {
                runningMin = Swift.min(runningMin, frames[i].min(axis))
                out[i] = runningMin
                i -= 1
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
