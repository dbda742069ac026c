import ParallaxKit

/// What must hold after every frame, whatever the input: checked by the monkey in the real
/// frame loop and by the property tests.
public enum PlaygroundInvariants {
    /// The ways `playground` breaks the invariants now; empty when it keeps them all.
    ///
    /// - the offset is a number, within the resting range widened by the viewport's extent
    ///   on each end (the rubber band never shows more than that);
    /// - every visible cell's frame and shift are numbers, and no shift exceeds the amount.
    public static func violations(of playground: Playground) -> [String] {
        var found: [String] = []
        let scrollView = playground.scrollView
        let position = scrollView.position
        let range = scrollView.offsetRange
        let extent = scrollView.viewportSize[scrollView.axis]
        if !position.isFinite {
            found.append("the offset is \(position)")
        } else if position <= range.lowerBound - extent || position >= range.upperBound + extent {
            found.append("the offset \(position) left the rubber-band range around \(range)")
        }
        let amount = playground.movingParallaxAmount
        // A shift may reach the amount exactly; allow for rounding in the mappings.
        let limit = amount + 1e-9 * max(1, amount)
        for cell in playground.visibleCells {
            let f = cell.frame
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else {
                found.append("item \(cell.item)'s frame is \(f)")
                continue
            }
            let p = cell.parallax
            if !(p.x.isFinite && p.y.isFinite) || abs(p.x) > limit || abs(p.y) > limit {
                found.append("item \(cell.item)'s shift \(p) is beyond ±\(amount)")
            }
        }
        return found
    }

    /// Where two playgrounds fed the same input disagree about their visible cells (items,
    /// frames, shifts); nil when they agree. The strategies' equivalence, checked live.
    public static func disagreement(between a: Playground, and b: Playground) -> String? {
        let cellsA = a.visibleCells, cellsB = b.visibleCells
        guard cellsA.count == cellsB.count else { return "\(cellsA.count) visible cells against \(cellsB.count)" }
        for (x, y) in zip(cellsA, cellsB) where x.item != y.item || x.frame != y.frame || x.parallax != y.parallax {
            return "item \(x.item) at \(x.frame) shifted \(x.parallax), against item \(y.item) at \(y.frame) shifted \(y.parallax)"
        }
        return nil
    }
}
