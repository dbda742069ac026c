/// The mapping and amount a strategy applies: which author's rule, how many points at most.
public struct ParallaxSettings: Hashable, Sendable {
    public var mapping: ParallaxMapping
    /// The largest displacement either way, points.
    public var amount: Double
    /// The list's scroll axis: Jensen's rule measures a cell's place along it.
    public var axis: Axis

    public init(mapping: ParallaxMapping, amount: Double, axis: Axis = .horizontal) {
        self.mapping = mapping
        self.amount = amount
        self.axis = axis
    }

    /// The shift of the image of a cell at `cellFrame` while `bounds` is visible.
    @inline(__always)
    func displacement(cellFrame: Rect, bounds: Rect, contentInsets: EdgeInsets) -> Point {
        mapping.displacement(cellFrame: cellFrame, bounds: bounds, contentInsets: contentInsets, amount: amount, axis: axis)
    }
}

/// One way of computing the image shifts of a collection view's cells: a strategy at work
/// (`ParallaxStrategy` names them; "technique" is kept for an author's mapping, what
/// `--technique` picks). Attached to one collection view at a time, swappable between frames.
/// The playground only swaps them.
///
/// What a strategy does is added to its collection view's `work` tally (invalidations,
/// attributes computed, cells updated), which the frame step reads once per frame.
public protocol ShiftStrategy: AnyObject {
    /// Which of the strategies this is.
    var strategy: ParallaxStrategy { get }
    /// Starts computing shifts for `collectionView`'s cells.
    func attach(to collectionView: CollectionView, settings: ParallaxSettings)
    /// Stops; the cells keep their shifts until someone else sets them.
    func detach()
    /// A new mapping or amount, taking effect from the next layout pass.
    func update(settings: ParallaxSettings)
    /// Sets every visible cell's shift at once, after the cells changed without a scroll (a
    /// switch of strategy, a knob, a resize). Layout strategies have already done it while
    /// laying out.
    func refreshVisibleCells()
}

/// What a layout asks of a strategy that computes shifts inside the layout (Begemann's).
public protocol LayoutParallaxPolicy: AnyObject {
    /// What a scroll (a bounds change of the same size) throws away.
    var scrollInvalidationContext: LayoutInvalidationContext { get }
    /// The shift of an attribute being handed out; called once per attribute per query.
    func parallax(for frame: Rect, bounds: Rect, contentInsets: EdgeInsets) -> Point
}
