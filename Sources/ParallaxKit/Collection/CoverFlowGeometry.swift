/// A horizontal row of album-cover stacks that overlap (Jensen's nrj/ParallaxAlbumCoverFlow:
/// cells wider than tall, the front cover centred with padding on both sides, and a negative
/// inter-item spacing so neighbouring stacks share their padded space).
public struct CoverFlowGeometry: ItemGeometry {
    /// Front-cover side as a fraction of the viewport height, capped by `maximumCoverSide`.
    public var coverFraction: Double
    public var maximumCoverSide: Double
    /// Padding on each side of the front cover, as a fraction of its side; the covers behind
    /// slide within it.
    public var paddingFraction: Double
    /// How much of the padding neighbouring cells overlap.
    public var overlapFraction: Double
    /// The front cover's side in points, whatever the viewport (the tuning panel's cell
    /// height); nil: `coverFraction` of the viewport's height.
    public var fixedCoverSide: Double?
    /// Points added between neighbouring stacks (the tuning panel's cell spacing).
    public var gap: Double
    public var axis: Axis { .horizontal }

    /// Defaults: covers 54 % of the viewport's height (the row is the whole scene, so it takes
    /// the vertical space) and padding 42 % of a cover each side, wide enough that the covers
    /// behind fan out well clear of the front one.
    public init(coverFraction: Double = 0.54, maximumCoverSide: Double = 560, paddingFraction: Double = 0.42, overlapFraction: Double = 1,
                fixedCoverSide: Double? = nil, gap: Double = 0) {
        self.fixedCoverSide = fixedCoverSide
        self.gap = gap
        self.coverFraction = coverFraction
        self.maximumCoverSide = maximumCoverSide
        self.paddingFraction = paddingFraction
        self.overlapFraction = overlapFraction
    }

    public func coverSide(forViewport viewport: Size) -> Double {
        if let fixedCoverSide { return max(1, fixedCoverSide) }
        return max(1, min(maximumCoverSide, viewport.height * coverFraction))
    }

    /// The padding either side of the front cover for this viewport.
    public func padding(forViewport viewport: Size) -> Double {
        (coverSide(forViewport: viewport) * paddingFraction).rounded()
    }

    public func computeFrames(itemCount: Int, viewportSize: Size, contentInsets: EdgeInsets, into frames: inout [Rect]) -> Size {
        let height = availableCrossExtent(axis: axis, viewportSize: viewportSize, contentInsets: contentInsets)
        let side = coverSide(forViewport: viewportSize).rounded()
        let padding = padding(forViewport: viewportSize)
        let cellWidth = side + 2 * padding
        let spacing = -padding * overlapFraction + gap
        // A little below the middle: the covers behind rise above the front one.
        let y = ((height - side) / 2 + side * 0.06).rounded()
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(itemCount)
        var x = 0.0
        for _ in 0..<itemCount {
            frames.append(Rect(x: x, y: y, width: cellWidth, height: side))
            x += cellWidth + spacing
        }
        return Size(width: itemCount > 0 ? x - spacing : 0, height: height)
    }
}
