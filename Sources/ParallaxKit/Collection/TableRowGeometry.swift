/// Rows of one fixed height spanning the width, like a UITableView (Patel's rows of 250 pt
/// in krishan711/ParallaxCells-iOS).
public struct TableRowGeometry: ItemGeometry {
    public var rowHeight: Double
    /// Points between rows (a plain UITableView's: none; the tuning panel's cell spacing).
    public var spacing: Double
    public var axis: Axis { .vertical }

    public static let seedRowHeight = 250.0

    public init(rowHeight: Double = TableRowGeometry.seedRowHeight, spacing: Double = 0) {
        self.rowHeight = rowHeight
        self.spacing = spacing
    }

    public func computeFrames(itemCount: Int, viewportSize: Size, contentInsets: EdgeInsets, into frames: inout [Rect]) -> Size {
        let width = availableCrossExtent(axis: axis, viewportSize: viewportSize, contentInsets: contentInsets)
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(itemCount)
        var y = 0.0
        for _ in 0..<itemCount {
            frames.append(Rect(x: 0, y: y, width: width, height: rowHeight))
            y += rowHeight + spacing
        }
        return Size(width: width, height: itemCount > 0 ? y - spacing : 0)
    }
}
