extension Playground {
    /// The item the label beside a held thumb names, or nil when the thumb is not held (or
    /// nothing is visible).
    ///
    /// Among the visible items, the one as far through them as the thumb is through its
    /// track: the first visible item with the thumb at the top, the last with it at the
    /// bottom, so the label reaches the list's first and last items at the track's ends
    /// (the top row's first item alone would never name the last photo of a grid). Android's
    /// fast scroller maps the thumb's place to an item in proportion the same way.
    public var scrubbedItem: Int? {
        guard scrubber.isScrubbing, let track = ScrollIndicator.track(for: scrollView) else { return nil }
        var first = Int.max, last = Int.min
        for cell in visibleCells {
            first = min(first, cell.item)
            last = max(last, cell.item)
        }
        guard first <= last else { return nil }
        let fraction = track.fraction(of: scrollView.position)
        return first + (fraction * Double(last - first)).clampedInteger(rounding: .toNearestOrAwayFromZero)
    }
}
