import ParallaxKit

/// Why the cell under the pointer is shifted as it is: its technique's formula, the numbers
/// of this frame substituted, the result, and which strategy put it on screen; with a plot of
/// the mapping across the viewport (the visible cells as dots on it) and, while the list
/// moves by itself, the motion's x(t) to its predicted rest. Pure: built from the playground
/// and the pointer, drawn by the tuning panel's view.
public struct ExplainCard: Equatable, Sendable {
    public var item: Int
    public var title: String
    /// The formula, then the same with this frame's numbers, then the result.
    public var lines: [String]
    /// The displacement the formula gives along the list's axis, in points.
    public var value: Double
    /// What is on screen: the cell's shift as the strategy last set it (along the axis).
    public var drawn: Double
    /// Who computed `drawn`, and whether it is this frame's.
    public var computedBy: String
    /// When the image moves further than it reaches past its cell (the image-overscan knob
    /// below the shift), how much of the cell it leaves bare; nil when it covers the cell.
    public var bareEdge: String?
    /// The mapping: displacement against the cell centre's place in the viewport (points
    /// along the axis, 0 at the viewport's start).
    public var curve: [Point]
    public var dots: [Point]
    public var curveXRange: ClosedRange<Double>
    public var curveYRange: ClosedRange<Double>
    /// The current motion's offsets over the next seconds (time from now, offset), and where
    /// it rests; empty at rest or under a finger.
    public var motion: [Point]
    public var restOffset: Double?
    /// While the list coasts: whose engine, its formula, and this coast's numbers.
    public var coast: String?
    /// While the list moves: how much of the image's motion on screen is the scroll and how
    /// much the parallax (its motion against its cell), from the motion meter's last frame.
    public var motionSplit: String?

    /// The card for the cell under `pointer` (viewport points), or nil when there is none;
    /// `motion` is the pane's motion meter, for the split of the cell's motion.
    public init?(playground: Playground, pointer: Point, motion meter: MotionMeter? = nil) {
        let scrollView = playground.scrollView
        let bounds = scrollView.bounds
        let inContent = Point(x: pointer.x + bounds.minX, y: pointer.y + bounds.minY)
        guard pointer.x >= 0, pointer.y >= 0, pointer.x < bounds.width, pointer.y < bounds.height,
              let cell = playground.visibleCells.first(where: { $0.frame.contains(inContent) })
        else { return nil }
        let scene = playground.scene
        let axis = scene.axis
        let mapping = scene.mapping
        let amount = playground.movingParallaxAmount
        let insets = scrollView.contentInsets
        let shift = { (frame: Rect) in
            mapping.displacement(cellFrame: frame, bounds: bounds, contentInsets: insets, amount: amount, axis: axis)[axis]
        }
        item = cell.item
        title = "\(ExplainCard.author(of: mapping)) · item \(cell.item + 1)"
        value = shift(cell.frame)
        drawn = cell.parallax[axis]
        lines = ExplainCard.formula(mapping, cell: cell.frame, bounds: bounds, insets: insets, amount: amount, axis: axis, result: value)
        let strategy = playground.effectiveStrategy
        if strategy == .off {
            computedBy = playground.reduceMotion ? "reduce motion: parallax off, the image stays centred" : "strategy off: the image stays centred"
        } else if abs(drawn - value) < 1e-9 {
            computedBy = "on screen: \(NumberFormat.signedFixed(drawn, decimals: 2)) pt, by the \(strategy.title) this frame"
        } else {
            computedBy = "on screen: \(NumberFormat.signedFixed(drawn, decimals: 2)) pt, set by the \(strategy.title) before this frame (not yet updated)"
        }
        let overscan = playground.imageOverscan
        if case .coverStack = scene.cellStyle {
            bareEdge = nil
        } else if abs(drawn) > overscan + 0.005 {
            let end = axis == .vertical ? (drawn > 0 ? "top" : "bottom") : (drawn > 0 ? "left" : "right")
            bareEdge = "overscan \(NumberFormat.fixed(overscan, decimals: 1)) pt < shift: the cell's \(end) "
                + "\(NumberFormat.fixed(abs(drawn) - overscan, decimals: 2)) pt show no image"
        } else {
            bareEdge = nil
        }
        // The mapping across the viewport: a cell of this size slid from just before the start
        // to just past the end, 64 samples.
        let extent = bounds.size[axis], length = cell.frame.size[axis]
        let start = -length / 2, end = extent + length / 2
        curve = (0...64).map { k in
            let centre = start + (end - start) * Double(k) / 64
            let frame = cell.frame.offsetBy(Point(along: axis, bounds.origin[axis] + centre - length / 2 - cell.frame.origin[axis], cross: 0))
            return Point(x: centre, y: shift(frame))
        }
        dots = playground.visibleCells.map { visible in
            Point(x: visible.frame.center[axis] - bounds.origin[axis], y: visible.parallax[axis])
        }
        let reach = max(1, amount, (curve.map { abs($0.y) } + dots.map { abs($0.y) }).max() ?? 1)
        curveXRange = start...end
        curveYRange = -reach...reach
        // The motion's closed form over the next 2 s, or until it rests.
        var samples: [Point] = []
        if let rest = scrollView.predictedRestPosition {
            let now = scrollView.currentTime
            for k in 0...40 {
                let dt = 2.0 * Double(k) / 40
                samples.append(Point(x: dt, y: scrollView.projectedPosition(at: now + dt)))
            }
            restOffset = rest
            if let start = scrollView.coastStart {
                let engine = scrollView.physics.engine
                coast = engine.longTitle + ": " + engine.formula + " (" + engine.source + "). This coast: v0 " + NumberFormat.signedFixed(start.velocity, decimals: 0)
                    + " pt/s, rests " + NumberFormat.signedFixed(rest - start.position, decimals: 1) + " pt from its release"
            }
        } else {
            restOffset = nil
        }
        motion = samples
        motionSplit = meter.flatMap { Self.motionSplit(scroll: $0.last.scrollPointsPerSecond, parallax: $0.imageSpeeds[cell.item]) }
    }

    /// "On screen 1,160 pt/s: the scroll 1,200 (97 %), the parallax 40 against its cell (3 %)":
    /// the cell moves against the scroll (−`scroll`), the image `parallax` within it; each
    /// part's share of the two speeds together. Nil while the list is still.
    static func motionSplit(scroll: Double, parallax: Double?) -> String? {
        guard scroll.isFinite, abs(scroll) >= MotionMeter.movingFloor else { return nil }
        let image = parallax.flatMap { $0.isFinite ? $0 : nil } ?? 0
        let whole = abs(scroll) + abs(image)
        let share = { (part: Double) in NumberFormat.count((100 * abs(part) / whole).clampedInteger()) + " %" }
        let speed = { (v: Double) in NumberFormat.count(abs(v).clampedInteger()) }
        return "On screen \(speed(image - scroll)) pt/s: the scroll \(speed(scroll)) (\(share(scroll))), "
            + "the parallax \(speed(image)) against its cell (\(share(image)))"
    }

    static func author(of mapping: ParallaxMapping) -> String {
        switch mapping {
        case .begemann: "Begemann, Parallax Scrolling"
        case .leth: "Leth, Vertical scrolling parallax"
        case .patel: "Patel, Gorgeous parallax scrolling with UITableViewCells"
        case .kurutepe: "Kurutepe, parallax from the scroll callback"
        case .jensen: "Jensen, Parallax scrolling album covers"
        }
    }

    /// The formula, substituted, for `mapping` (the same arithmetic as `ParallaxMapping`,
    /// written out), ending with the result.
    static func formula(_ mapping: ParallaxMapping, cell: Rect, bounds: Rect, insets: EdgeInsets, amount: Double,
                        axis: Axis, result: Double) -> [String] {
        let n = { (v: Double) in NumberFormat.fixed(v, decimals: 2) }
        let outcome = "= " + NumberFormat.signedFixed(result, decimals: 2) + " pt"
        switch mapping {
        case .begemann, .kurutepe:
            let sign = mapping == .kurutepe ? "−" : ""
            let raw = (bounds.midY - cell.midY) * amount / (bounds.height / 2 + cell.height / 2) * (mapping == .kurutepe ? -1 : 1)
            let clamp = abs(raw) > amount ? "  (clamped to ±\(n(amount)))" : ""
            return [
                "offset = \(sign)(boundsMidY − cellMidY) × amount / (boundsH/2 + cellH/2)",
                "= \(sign)(\(n(bounds.midY)) − \(n(cell.midY))) × \(n(amount)) / (\(n(bounds.height / 2)) + \(n(cell.height / 2)))",
                outcome + clamp,
            ]
        case .leth(let labelHeight):
            let ratio = LethParallax.ratio(cellFrame: cell, bounds: bounds, contentInsets: insets, labelHeight: labelHeight)
            let containerMaxY = cell.maxY - bounds.minY - labelHeight
            let span = bounds.height + cell.height - labelHeight - insets.top - insets.bottom
            return [
                "ratio = (containerMaxY − insetTop) / (boundsH + containerH − insets), within 0…1",
                "= (\(n(containerMaxY)) − \(n(insets.top))) / \(n(span)) = \(NumberFormat.fixed(ratio, decimals: 3))",
                "offset = amount − 2 × amount × ratio = \(n(amount)) − \(n(2 * amount)) × \(NumberFormat.fixed(ratio, decimals: 3))",
                outcome,
            ]
        case .patel:
            let f = PatelParallax.factor(cellFrame: cell, bounds: bounds)
            return [
                "factor = (cellY + cellH) / (boundsH + cellH), within 0…1",
                "= (\(n(cell.minY - bounds.minY)) + \(n(cell.height))) / (\(n(bounds.height)) + \(n(cell.height))) = \(NumberFormat.fixed(f, decimals: 3))",
                "offset = amount − (1 − factor) × 2 × amount = \(n(amount)) − \(NumberFormat.fixed(1 - f, decimals: 3)) × \(n(2 * amount))",
                outcome,
            ]
        case .jensen:
            // Along the list's axis: the album row is horizontal; a vertical list measures down.
            let c = axis == .horizontal ? cell : cell.transposed, b = axis == .horizontal ? bounds : bounds.transposed
            let p = JensenParallax.position(cellFrame: c, bounds: b)
            let minX = b.minX - c.width
            return [
                "position = 2 × (cellMin − (boundsMin − cellSize)) / (boundsSize + cellSize) − 1, within −1…1",
                "= 2 × (\(n(c.minX)) − \(n(minX))) / \(n(b.width + c.width)) − 1 = \(NumberFormat.fixed(p, decimals: 3))",
                "offset = −padding × position = −\(n(amount)) × \(NumberFormat.fixed(p, decimals: 3))",
                outcome,
            ]
        }
    }
}
