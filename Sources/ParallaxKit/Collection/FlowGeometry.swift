/// A vertical flow of photo cells whose heights follow each photo's aspect ratio, in one or
/// more columns; each item goes to the shortest column (leftmost on a tie).
///
/// Begemann lays full-width photo cells 40 pt apart; Leth adds a label
/// area below each image. With one column this is exactly their list; more columns keep the
/// photos a sensible size in a wide desktop window. With more than one, each section of the
/// photos (`PhotoSet.sectionLength`) starts with every column at the bottom of the tallest.
public struct FlowGeometry: ItemGeometry {
    /// Fixed number of columns, or nil to fit as many as `minimumColumnWidth` allows.
    public var columns: Int?
    /// Begemann's sample uses a line spacing of 40 pt; the same gap separates columns.
    public var spacing: Double
    /// Added below each image (Leth's 60 pt of labels).
    public var footerHeight: Double
    public var minimumColumnWidth: Double
    /// Every cell this tall, labels included (the tuning panel's cell height); nil: each
    /// photo's own shape at the column's width.
    public var fixedCellHeight: Double?
    /// Whose aspect ratios set the cells' heights.
    public var photos: PhotoSet
    public var axis: Axis { .vertical }

    public static let seedLineSpacing = 40.0

    public init(
        columns: Int? = nil, spacing: Double = FlowGeometry.seedLineSpacing, footerHeight: Double = 0,
        minimumColumnWidth: Double = 420, fixedCellHeight: Double? = nil, photos: PhotoSet = .bundled
    ) {
        self.fixedCellHeight = fixedCellHeight
        self.columns = columns
        self.photos = photos
        self.spacing = spacing
        self.footerHeight = footerHeight
        self.minimumColumnWidth = minimumColumnWidth
    }

    public func columnCount(forWidth width: Double) -> Int {
        if let columns { return max(1, columns) }
        return max(1, ((width + spacing) / (minimumColumnWidth + spacing)).clampedInteger(Int.self, rounding: .towardZero))
    }

    public func computeFrames(itemCount: Int, viewportSize: Size, contentInsets: EdgeInsets, into frames: inout [Rect]) -> Size {
        let width = availableCrossExtent(axis: axis, viewportSize: viewportSize, contentInsets: contentInsets)
        let count = columnCount(forWidth: width)
        let columnWidth = max(0, (width - Double(count - 1) * spacing) / Double(count))
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(itemCount)
        let ratios = photos.count > 0 ? photos.aspectRatios : [1]
        // A fixed height keeps a sliver of image above the labels: a cell is never all labels.
        let fixed = fixedCellHeight.map { max($0, footerHeight + 1).rounded() }
        if count == 1 {
            // The common case without the column search.
            var y = 0.0
            for item in 0..<itemCount {
                let h = fixed ?? (columnWidth / ratios[item % ratios.count]).rounded() + footerHeight
                frames.append(Rect(x: 0, y: y, width: columnWidth, height: h))
                y += h + spacing
            }
            return Size(width: width, height: itemCount > 0 ? y - spacing : 0)
        }
        var bottoms = [Double](repeating: 0, count: count)
        for item in 0..<itemCount {
            if photos.startsSection(item) {
                let tallest = bottoms.max() ?? 0
                for c in bottoms.indices { bottoms[c] = tallest }
            }
            var column = 0
            for c in 1..<count where bottoms[c] < bottoms[column] { column = c }
            let h = fixed ?? (columnWidth / ratios[item % ratios.count]).rounded() + footerHeight
            let x = Double(column) * (columnWidth + spacing)
            frames.append(Rect(x: x, y: bottoms[column], width: columnWidth, height: h))
            bottoms[column] += h + spacing
        }
        let tallest = bottoms.max() ?? 0
        return Size(width: width, height: itemCount > 0 ? tallest - spacing : 0)
    }
}
