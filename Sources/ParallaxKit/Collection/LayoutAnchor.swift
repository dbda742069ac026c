/// What stays where it is on screen when a list's layout changes under it at rest (photos'
/// shapes arriving above and below): an item and how far its leading edge sits from the
/// viewport's leading edge, or the end of the list for a list scrolled to its end. After the
/// change the list's offset is set so the item's leading edge is as far from the viewport's
/// as before; as the item's own column and cross position depend only on the items before it
/// in its section (see `PhotoSet.sectionLength`), shapes that change in other sections leave
/// it exactly where it was.
///
/// The item is the one under the pointer (where the user looks), else the first whose
/// leading edge is at or past the viewport's (the top row), else the first visible.
public struct LayoutAnchor: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case item(Int)
        /// The list was at the end of its range: it stays at the end.
        case end
    }

    public var kind: Kind
    /// The item's leading edge minus the viewport's, along the axis (0 for `.end`).
    public var offsetInViewport: Double

    public init(kind: Kind, offsetInViewport: Double) {
        self.kind = kind
        self.offsetInViewport = offsetInViewport
    }

    /// The anchor of a list showing `visible` (the items meeting `bounds`, with their frames)
    /// at `bounds`, scrolled within `offsetRange`; `pointer` is in content coordinates. nil
    /// when nothing is visible.
    public static func capture(visible: [(item: Int, frame: Rect)], bounds: Rect, axis: Axis,
                               offsetRange: ClosedRange<Double>, pointer: Point?) -> LayoutAnchor? {
        let top = bounds.min(axis)
        if let pointer, bounds.contains(pointer), let under = visible.first(where: { $0.frame.contains(pointer) }) {
            return LayoutAnchor(kind: .item(under.item), offsetInViewport: under.frame.min(axis) - top)
        }
        if top > offsetRange.lowerBound, top >= offsetRange.upperBound - endTolerance {
            return LayoutAnchor(kind: .end, offsetInViewport: 0)
        }
        let candidates = visible.filter { $0.frame.min(axis) >= top }
        guard let first = (candidates.isEmpty ? visible : candidates).min(by: { a, b in
            let (ea, eb) = (a.frame.min(axis), b.frame.min(axis))
            return ea != eb ? ea < eb : a.item < b.item
        }) else { return nil }
        return LayoutAnchor(kind: .item(first.item), offsetInViewport: first.frame.min(axis) - top)
    }

    /// Within this many points of its end a list counts as at the end (a half point of rounding).
    static let endTolerance = 0.5

    /// The offset that puts the anchor back, given the new `frames` and range (before clamping).
    public func restoredOffset(frames: [Rect], axis: Axis, offsetRange: ClosedRange<Double>) -> Double? {
        switch kind {
        case .end: return offsetRange.upperBound
        case .item(let item):
            guard frames.indices.contains(item) else { return nil }
            return frames[item].min(axis) - offsetInViewport
        }
    }
}
