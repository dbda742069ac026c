/// How soon a photo will be looked at, which orders the photo pipeline's work.
public enum PhotoUrgency: Int, Comparable, Sendable, CaseIterable {
    /// Past the viewport (or past where a fling will stop) in the direction of scrolling.
    case ahead = 1
    /// Where a running fling or eased scroll will come to rest: the scroll view knows that
    /// place in closed form, so those photos can be ready before the content gets there.
    case atRest = 2
    /// On screen now.
    case visible = 3

    public static func < (a: PhotoUrgency, b: PhotoUrgency) -> Bool { a.rawValue < b.rawValue }
}

/// One photo the frame wants, at the size (in points) of the largest image frame it fills.
public struct PhotoNeed: Hashable, Sendable {
    /// The photo's index in the playground's `PhotoSet`.
    public var photo: Int
    /// Width and height of the image frame, parallax overscan included, in points.
    public var size: Size
    public var urgency: PhotoUrgency
    /// Only its embedded preview is worth asking for: it is on screen for a frame while the
    /// scroll indicator's thumb drags the list past it, and a decode (tens to hundreds of
    /// milliseconds, not cancellable once started) would hold a decoder the photos where the
    /// thumb lands will want.
    public var previewOnly: Bool

    public init(photo: Int, size: Size, urgency: PhotoUrgency, previewOnly: Bool = false) {
        self.photo = photo
        self.size = size
        self.urgency = urgency
        self.previewOnly = previewOnly
    }
}

/// Which photos a frame needs, most urgent first: the visible ones (read from the frame's own
/// draw list, so exactly what is drawn), then the ones around the predicted rest point of a
/// fling or eased scroll, then a stretch ahead in the direction of motion. While a fling is
/// more than a viewport from its rest point, the photos there come first: the ones flying
/// past now will be gone before a decode of them could finish. While the scroll indicator is
/// dragged (`ScrollScrubber`), the visible ones only. Pure: it reads the playground and never
/// changes it.
public struct PhotoDemand: Sendable {
    /// How far ahead reaches, in viewport lengths along the scroll axis (at rest: half of it
    /// on each side).
    public var aheadViewports: Double
    /// At most this many needs a frame (a quilt of tiny tiles must not queue thousands).
    public var limit: Int

    public init(aheadViewports: Double = 1, limit: Int = 256) {
        self.aheadViewports = max(0, aheadViewports.isFinite ? aheadViewports : 0)
        self.limit = max(1, limit)
    }

    /// The needs of the frame whose draw list is `drawList`, in the order to serve them; one
    /// entry per photo, at the largest size any of its frames needs. (A photo both visible
    /// and at the rest point keeps the urgency it was first listed with.)
    public func needs(of playground: Playground, drawList: DrawList) -> [PhotoNeed] {
        var collector = Collector(limit: limit)
        let passing = playground.scrubber.isScrubbing && playground.scrubber.movedThisFrame
        for command in drawList.commands {
            if case let .image(.photo(photo), frame, _, _) = command {
                collector.add(photo: photo, size: frame.size, urgency: .visible, previewOnly: passing)
            }
        }
        let scene = playground.scene
        guard SceneRenderer.photoArea(inCell: .zero, style: scene.cellStyle) != nil else { return collector.needs }
        // A held scroll indicator's thumb goes wherever the hand takes it, either way, in
        // jumps of many screens: only where it is now is worth anything, and while it moves
        // only the embedded previews (above). Photos it passed over drop out of the list at
        // once, so their queued decodes are cancelled.
        if playground.scrubber.isScrubbing { return collector.needs }
        let scrollView = playground.scrollView
        let axis = scene.axis
        let bounds = scrollView.bounds
        var anchor = bounds
        if let rest = scrollView.predictedRestPosition, abs(rest - scrollView.position) >= 1 {
            anchor = bounds.offsetBy(Point(along: axis, rest - scrollView.position, cross: 0))
            if abs(rest - scrollView.position) > bounds.size[axis] {
                var restFirst = Collector(limit: limit)
                addCells(in: anchor, of: playground, urgency: .atRest, to: &restFirst)
                for need in collector.needs { restFirst.add(photo: need.photo, size: need.size, urgency: need.urgency) }
                collector = restFirst
            } else {
                addCells(in: anchor, of: playground, urgency: .atRest, to: &collector)
            }
        }
        let length = bounds.size[axis] * aheadViewports
        guard length > 0 else { return collector.needs }
        let velocity = scrollView.velocity
        if velocity > 0 || velocity == 0 {
            let reach = velocity == 0 ? length / 2 : length
            addCells(in: Self.band(after: anchor, axis: axis, length: reach), of: playground, urgency: .ahead, to: &collector)
        }
        if velocity < 0 || velocity == 0 {
            let reach = velocity == 0 ? length / 2 : length
            addCells(in: Self.band(before: anchor, axis: axis, length: reach), of: playground, urgency: .ahead,
                     nearestLast: true, to: &collector)
        }
        return collector.needs
    }

    /// The album covers `drawList` shows, each at the largest size it is drawn, as visible
    /// needs (covers come through a pipeline of their own; a cover's index is its `ImageRef`).
    public func coverNeeds(drawList: DrawList) -> [PhotoNeed] {
        var collector = Collector(limit: limit)
        for command in drawList.commands {
            if case let .image(.cover(cover), frame, _, _) = command {
                collector.add(photo: cover, size: frame.size, urgency: .visible)
            }
        }
        return collector.needs
    }

    /// Several panes' needs as one list for the one pipeline they share: every pane's visible
    /// photos first, then every pane's rest-point ones, then what lies ahead; a photo two
    /// panes need once, at the larger size, with its most urgent place; at most `limit`.
    public func merged(_ lists: [[PhotoNeed]]) -> [PhotoNeed] {
        if lists.count == 1 { return lists[0] }
        var collector = Collector(limit: limit)
        for urgency in PhotoUrgency.allCases.reversed() {
            for list in lists {
                for need in list where need.urgency == urgency {
                    collector.add(photo: need.photo, size: need.size, urgency: urgency, previewOnly: need.previewOnly)
                }
            }
        }
        return collector.needs
    }

    /// Every item's photo at the size its cell needs, as visible needs, ignoring `limit`:
    /// what a benchmark decodes up front to measure frames with no image work left.
    public func needsOfEveryItem(of playground: Playground) -> [PhotoNeed] {
        var collector = Collector(limit: Int.max)
        let scene = playground.scene
        let frames = playground.collectionView.layout.frames
        for (item, frame) in frames.enumerated() {
            guard let area = SceneRenderer.photoArea(inCell: frame, style: scene.cellStyle) else { return [] }
            let image = SceneRenderer.imageFrame(for: area, axis: scene.axis, overscan: playground.imageOverscan, shift: .zero)
            collector.add(photo: playground.photos.photoIndex(ofItem: item), size: image.size, urgency: .visible)
        }
        return collector.needs
    }

    /// The `length`-long stretch of content just past `rect`'s far edge along `axis`.
    static func band(after rect: Rect, axis: Axis, length: Double) -> Rect {
        rect.offsetBy(Point(along: axis, rect.size[axis], cross: 0)).resized(along: axis, to: length)
    }

    /// The `length`-long stretch of content just before `rect`'s near edge along `axis`.
    static func band(before rect: Rect, axis: Axis, length: Double) -> Rect {
        rect.offsetBy(Point(along: axis, -length, cross: 0)).resized(along: axis, to: length)
    }

    private func addCells(in rect: Rect, of playground: Playground, urgency: PhotoUrgency,
                          nearestLast: Bool = false, to collector: inout Collector) {
        // Frames only: asking the layout for attributes would compute shifts nobody draws and
        // count them as the strategy's work (the panel showed more attributes computed under
        // the cached layout than under layout invalidation).
        var cells = playground.collectionView.layout.itemFrames(in: rect)
        // Returned in item order, which is nearest first going forwards; going backwards the
        // nearest are the last.
        if nearestLast { cells.reverse() }
        let photos = playground.photos
        for cell in cells where !collector.isFull {
            guard let area = SceneRenderer.photoArea(inCell: cell.frame, style: playground.scene.cellStyle) else { continue }
            let frame = SceneRenderer.imageFrame(for: area, axis: playground.scene.axis,
                                                 overscan: playground.imageOverscan, shift: .zero)
            collector.add(photo: photos.photoIndex(ofItem: cell.item), size: frame.size, urgency: urgency)
        }
    }

    /// Keeps one need per photo in first-seen order, with the largest size seen.
    private struct Collector {
        let limit: Int
        var needs: [PhotoNeed] = []
        var slots: [Int: Int] = [:]

        var isFull: Bool { needs.count >= limit }

        mutating func add(photo: Int, size: Size, urgency: PhotoUrgency, previewOnly: Bool = false) {
            if let at = slots[photo] {
                needs[at].size = Size(width: max(needs[at].size.width, size.width),
                                      height: max(needs[at].size.height, size.height))
                return
            }
            guard !isFull else { return }
            slots[photo] = needs.count
            needs.append(PhotoNeed(photo: photo, size: size, urgency: urgency, previewOnly: previewOnly))
        }
    }
}

extension Rect {
    /// The same rectangle with its extent along `axis` set to `length` (origin kept).
    func resized(along axis: Axis, to length: Double) -> Rect {
        axis == .vertical
            ? Rect(x: minX, y: minY, width: width, height: length)
            : Rect(x: minX, y: minY, width: length, height: height)
    }
}
