/// A mosaic of square blocks in which items span one or two columns and rows (by their
/// photos' shapes), packed the way
/// RFQuiltLayout packs them (Kurutepe's quilt): each item takes the first place, in reading order
/// from the first row with room, where its block fits — so small items fill holes left above.
/// Each section of the photos (`PhotoSet.sectionLength`) starts below every row used so far.
public struct QuiltGeometry: ItemGeometry {
    /// Target block side; the column count is the viewport width over this, rounded down.
    public var blockSide: Double
    /// Gap around each tile, like RFQuiltLayout's `insetsForItemAtIndexPath`.
    public var tileInset: Double
    /// Whose shapes choose the tiles: a wide photo gets a wide tile, a tall one a tall tile.
    public var photos: PhotoSet
    public var axis: Axis { .vertical }

    /// The blocks' target side and the gap around each tile the playground's quilt starts with
    /// (RFQuiltLayout's sample: a 3 pt inset on every side of a tile).
    public static let seedBlockSide = 180.0
    public static let seedTileInset = 3.0

    public init(blockSide: Double = QuiltGeometry.seedBlockSide, tileInset: Double = QuiltGeometry.seedTileInset, photos: PhotoSet = .bundled) {
        self.blockSide = blockSide
        self.tileInset = tileInset
        self.photos = photos
    }

    /// Photos at least this much wider than tall get a 2 × 1 tile (16:9 and 2:1 do, 3:2 not).
    public static let wideRatio = 1.7
    /// Photos at most this wide for their height get a 1 × 2 tile (portrait 4:5 and taller).
    public static let tallRatio = 0.8

    /// Width and height in blocks of item `item`: wide and tall photos get wide and tall
    /// tiles; the others a square one, one in five of them big (2 × 2) so the mosaic varies.
    /// The same count and photos always give the same mosaic.
    public func span(ofItem item: Int) -> (columns: Int, rows: Int) {
        let ratio = photos.aspectRatio(ofItem: item)
        if ratio >= Self.wideRatio { return (2, 1) }
        if ratio <= Self.tallRatio { return (1, 2) }
        // A multiplicative hash spreads the big tiles over the list.
        let h = (UInt64(item) &* 0x9E37_79B9_7F4A_7C15) >> 59  // 0…31
        return h < 26 ? (1, 1) : (2, 2)
    }

    public func columnCount(forWidth width: Double) -> Int {
        min(64, max(2, (width / max(blockSide, 1)).clampedInteger(Int.self, rounding: .towardZero)))
    }

    public func computeFrames(itemCount: Int, viewportSize: Size, contentInsets: EdgeInsets, into frames: inout [Rect]) -> Size {
        let width = availableCrossExtent(axis: axis, viewportSize: viewportSize, contentInsets: contentInsets)
        let columns = columnCount(forWidth: width)
        let side = width / Double(columns)
        // A gap wider than a block would turn tiles inside out: each keeps a point at least.
        let inset = min(tileInset, max(0, side / 2 - 0.5))
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(itemCount)
        // One bit per block; rows are appended as the mosaic grows.
        var rows: [UInt64] = []
        let fullRow: UInt64 = columns == 64 ? ~0 : (1 << UInt64(columns)) - 1
        var firstOpenRow = 0
        var usedRows = 0
        var sectionFloor = 0
        for item in 0..<itemCount {
            if photos.startsSection(item) { sectionFloor = usedRows }
            var (w, h) = span(ofItem: item)
            w = min(w, columns)
            let mask: UInt64 = ((1 << UInt64(w)) - 1)
            var row = max(firstOpenRow, sectionFloor)
            var placedColumn = -1
            while placedColumn < 0 {
                while rows.count < row + h { rows.append(0) }
                var c = 0
                while c + w <= columns {
                    let m = mask << UInt64(c)
                    var fits = true
                    for r in row..<(row + h) where rows[r] & m != 0 {
                        fits = false
                        break
                    }
                    if fits {
                        placedColumn = c
                        break
                    }
                    c += 1
                }
                if placedColumn < 0 { row += 1 }
            }
            let m = mask << UInt64(placedColumn)
            for r in row..<(row + h) { rows[r] |= m }
            usedRows = max(usedRows, row + h)
            while firstOpenRow < rows.count && rows[firstOpenRow] == fullRow { firstOpenRow += 1 }
            frames.append(
                Rect(
                    x: Double(placedColumn) * side + inset, y: Double(row) * side + inset,
                    width: Double(w) * side - 2 * inset, height: Double(h) * side - 2 * inset))
        }
        return Size(width: width, height: Double(usedRows) * side)
    }
}
