/// Dragging the scroll indicator: a press on its thumb grabs it, and the list jumps to where
/// the thumb is dragged, in proportion along its track, as a desktop scroll bar's thumb and
/// Android's fast scroller do. It stops any fling at the press; letting go leaves the list
/// where it is, with no momentum.
///
/// The thumb is grabbable whenever it exists (any list longer than its viewport), faded or
/// not: on a desktop a scroll bar is always there to grab, and a press shows the thumb at
/// once (grown, with its label). Only the thumb is a target (a press on the track beside it
/// drags the content as before), made generous: `targetThickness` across from the window's
/// edge, at least as long along the axis.
///
/// Pure and clock-free: it reads and sets the scroll view it is handed, at the events' times.
public struct ScrollScrubber: Sendable {
    /// The smallest comfortable target for a finger or a pointer, in points: Apple's Human
    /// Interface Guidelines ("Buttons": a hit region of at least 44×44 pt).
    public static let targetThickness = 44.0
    /// How thick the thumb draws while grabbed, in points: twice its resting 5 pt, so the
    /// hand sees what it holds (Android's fast scroller thumb also widens while dragged).
    public static let grabbedThickness = 10.0

    /// The pointer's distance from the thumb's start along the axis when it was grabbed
    /// (kept, so the thumb stays under the pointer where it was taken); nil when not held.
    public private(set) var grabOffset: Double?
    /// How many times a drag of the thumb moved the list: a run's stats tell a scrub's
    /// landing from other motion by it.
    public private(set) var moves = 0
    /// Whether the thumb moved the list in the input of the frame under way (set at the
    /// frame's physics phase): the photo demand asks only for previews of such a frame's
    /// photos (`PhotoNeed.previewOnly`).
    public private(set) var movedThisFrame = false
    private var movesBeforeThisFrame = 0

    public init() {}

    /// Called once a frame, after its input: notes whether the thumb moved the list in it.
    mutating func frameInputEnded() {
        movedThisFrame = moves != movesBeforeThisFrame
        movesBeforeThisFrame = moves
    }

    /// Whether the thumb is held.
    public var isScrubbing: Bool { grabOffset != nil }

    /// Where a press grabs the thumb of `scrollView`, in viewport points; nil without a thumb.
    public static func hitTarget(for scrollView: ScrollView) -> Rect? {
        guard let track = ScrollIndicator.track(for: scrollView), let thumb = ScrollIndicator.thumb(for: scrollView) else { return nil }
        let axis = scrollView.axis
        let start = thumb.origin[axis], length = thumb.size[axis]
        let along = max(length, targetThickness)
        let alongStart = start - (along - length) / 2
        let crossStart = track.crossEnd - targetThickness
        return axis == .vertical
            ? Rect(x: crossStart, y: alongStart, width: targetThickness, height: along)
            : Rect(x: alongStart, y: crossStart, width: along, height: targetThickness)
    }

    /// The offset that puts the thumb's start at `thumbStart` along `track`: proportional,
    /// clamped to the track's ends (its start at the first offset, its end at the last).
    public static func offset(thumbStart: Double, on track: ScrollIndicator.Track) -> Double {
        let travel = track.travel
        let fraction = travel > 0 ? min(max((thumbStart - track.start) / travel, 0), 1) : 0
        let range = track.offsets
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }

    /// Handles `timed` if it is the thumb's: a press on the target, or a move or release of
    /// the pointer holding the thumb. Returns true when it did (the event must then not
    /// reach the scroll view's own drag); every other event is left alone.
    public mutating func handle(_ timed: TimedEvent, scrollView: ScrollView) -> Bool {
        switch timed.event {
        case .pointerDown(let p):
            grabOffset = nil
            guard let target = Self.hitTarget(for: scrollView), target.contains(p) else { return false }
            // Stop a fling, bounce or eased scroll where it is at this moment (within range).
            scrollView.setPosition(scrollView.projectedPosition(at: timed.time))
            guard let thumb = ScrollIndicator.thumb(for: scrollView) else { return false }
            let axis = scrollView.axis
            grabOffset = min(max(p[axis] - thumb.origin[axis], 0), thumb.size[axis])
            return true
        case .pointerMoved(let p):
            guard isScrubbing else { return false }
            drag(to: p, scrollView)
            return true
        case .pointerUp(let p):
            guard isScrubbing else { return false }
            drag(to: p, scrollView)
            grabOffset = nil
            return true
        case .wheel, .key, .hover, .text, .fling, .command:
            return false
        }
    }

    /// Lets go without moving (the list was replaced under the hand: a new scene).
    public mutating func release() {
        grabOffset = nil
    }

    private mutating func drag(to p: Point, _ scrollView: ScrollView) {
        guard let grabOffset, let track = ScrollIndicator.track(for: scrollView) else { return }
        let before = scrollView.position
        scrollView.setPosition(Self.offset(thumbStart: p[scrollView.axis] - grabOffset, on: track))
        if scrollView.position != before { moves &+= 1 }
    }
}
