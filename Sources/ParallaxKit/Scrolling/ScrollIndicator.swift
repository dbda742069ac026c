/// The thin bar that shows where the viewport is in the content, fading out when scrolling
/// stops (as UIScrollView's indicators do). On a desktop the pointer finds it too: it shows
/// while a hovering pointer is near the list's scrolling edge, and widens while the pointer
/// is over the thumb, so the scrubber (`ScrollScrubber`) can be found before it is pressed,
/// as the overlay scroll bars of GTK and macOS do.
public struct ScrollIndicator: Sendable {
    /// Stays fully visible this long after the last movement (seconds)…
    public static let holdDuration = 0.5
    /// …then fades over this long.
    public static let fadeDuration = 0.3
    public static let thickness = 5.0
    public static let minimumLength = 36.0
    public static let margin = 3.0
    /// How thick the thumb draws under a hovering pointer: as thick as a grabbed one
    /// (`ScrollScrubber.grabbedThickness`), so what the hand can take looks the same before
    /// and while it holds it.
    public static let hoveredThickness = ScrollScrubber.grabbedThickness
    /// How near the scrolling edge (across the axis) a hovering pointer shows the thumb: the
    /// depth of the scrubber's press target (`ScrollScrubber.targetThickness`), so the thumb
    /// shows wherever a press at its height would grab it.
    public static let revealDepth = ScrollScrubber.targetThickness

    /// Where a hovering pointer is, for the indicator.
    public enum PointerReach: Sendable, Equatable {
        /// Not over the list, or away from its scrolling edge (or no thumb: everything fits).
        case away
        /// Within `revealDepth` of the edge the thumb lies against: the thumb shows.
        case nearEdge
        /// On the thumb's press target (`ScrollScrubber.hitTarget`): the thumb shows, wider.
        case overThumb
    }

    /// Where `pointer` (viewport points; nil when the pointer is elsewhere) is from the thumb
    /// of `scrollView`.
    public static func reach(of pointer: Point?, in scrollView: ScrollView) -> PointerReach {
        guard let pointer, let track = track(for: scrollView) else { return .away }
        let viewport = Rect(origin: .zero, size: scrollView.viewportSize)
        guard viewport.contains(pointer) else { return .away }
        if let target = ScrollScrubber.hitTarget(for: scrollView), target.contains(pointer) { return .overThumb }
        let depth = track.crossEnd - pointer[scrollView.axis.cross]
        return depth >= 0 && depth <= revealDepth ? .nearEdge : .away
    }

    private var lastMovement: Double = -.infinity

    public init() {}

    /// Call once per frame; `moved` is whether the offset changed this frame, `reach` where a
    /// hovering pointer is: near the edge it holds the thumb shown, and the fade starts when
    /// it leaves.
    public mutating func update(moved: Bool, reach: PointerReach = .away, at time: Double) {
        if moved || reach != .away { lastMovement = time }
    }

    public func opacity(at time: Double) -> Double {
        let idle = time - lastMovement
        if idle <= Self.holdDuration { return 1 }
        return max(0, 1 - (idle - Self.holdDuration) / Self.fadeDuration)
    }

    /// Where the thumb runs, in viewport points along the scroll axis: the indicator's
    /// geometry, shared by its drawing and by the scrubber that drags it.
    public struct Track: Sendable, Equatable {
        /// The track's first point and its length along the axis.
        public var start: Double
        public var length: Double
        /// The thumb's length while the content is within its range (shorter past an edge).
        public var thumbLength: Double
        /// The offsets the thumb's travel stands for: its start at the first, its end at the last.
        public var offsets: ClosedRange<Double>
        /// The viewport's far edge across the axis, inside any inset there: the thumb lies
        /// against it, `margin` in.
        public var crossEnd: Double

        /// How far the thumb's start travels.
        public var travel: Double { max(0, length - thumbLength) }

        /// Where along the range `position` is, 0…1 (clamped).
        public func fraction(of position: Double) -> Double {
            let span = offsets.upperBound - offsets.lowerBound
            guard span > 0 else { return 0 }
            return min(max((position - offsets.lowerBound) / span, 0), 1)
        }
    }

    /// The track of `scrollView`, or nil when everything fits (no thumb is drawn).
    public static func track(for scrollView: ScrollView) -> Track? {
        let axis = scrollView.axis
        let viewport = scrollView.viewportSize
        let insets = scrollView.contentInsets
        let trackStart = insets.leading(axis) + margin
        let trackLength = viewport[axis] - insets.leading(axis) - insets.trailing(axis) - 2 * margin
        let range = scrollView.offsetRange
        let scrollable = range.upperBound - range.lowerBound
        guard scrollable > 0, trackLength > minimumLength else { return nil }
        let total = scrollable + viewport[axis]
        return Track(start: trackStart, length: trackLength, thumbLength: max(minimumLength, trackLength * viewport[axis] / total),
                     offsets: range, crossEnd: viewport[axis.cross] - insets.trailing(axis.cross))
    }

    /// The thumb's rectangle in viewport points, or nil when everything fits; `thickness`
    /// across the axis (the scrubber draws a grabbed thumb thicker).
    public static func thumb(for scrollView: ScrollView, thickness: Double = thickness) -> Rect? {
        guard let track = track(for: scrollView) else { return nil }
        let range = track.offsets
        let position = scrollView.position
        // Past an edge the thumb shrinks by the overshoot, as UIKit's does.
        let overshoot = position < range.lowerBound ? range.lowerBound - position : max(0, position - range.upperBound)
        let length = max(self.thickness * 2, track.thumbLength - overshoot)
        let start = track.start + track.fraction(of: position) * (track.length - length)
        let cross = track.crossEnd - thickness - margin
        return scrollView.axis == .vertical
            ? Rect(x: cross, y: start, width: thickness, height: length)
            : Rect(x: start, y: cross, width: length, height: thickness)
    }
}
