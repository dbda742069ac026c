/// The motion that is not the scroll: how fast each visible image moves inside its cell.
///
/// Scrolling moves cell and image together and is the motion a person asked for; the parallax
/// is the image moving against its cell on top of that, the non-essential motion WCAG 2.3.3's
/// Understanding document uses as its example. Each frame, the meter compares every visible
/// image's displacement (`CollectionViewCell.parallax`) with the previous frame's for the
/// same item: the peak speed over the visible images, and the share of the viewport covered
/// by images moving faster than `movingFloor`. Over a run: the peak of those, and the mean of
/// the per-frame peaks over the frames in which the list moved (a run's rest does not dilute
/// it). It grows linearly with the parallax amount, and is 0 with parallax off.
///
/// A frame in which the setting changed (scene, strategy, amount, reduce motion, count, size)
/// is not compared with the one before: a jump of the images from one setting to the next is
/// not motion the scroll made.
public struct MotionMeter: Sendable {
    /// Images slower than this are not counted as moving: a sixtieth of a point a frame at
    /// 60 Hz, far below a pixel; what is left of a coast's last crawl, and rounding.
    public static let movingFloor = 1.0

    /// One frame's reading.
    public struct Reading: Sendable, Equatable {
        /// The fastest visible image against its cell, points per second.
        public var peakPointsPerSecond = 0.0
        /// The share (0…1) of the viewport covered by images moving faster than the floor.
        public var movingShare = 0.0
        /// How fast the list itself moved, points per second along its axis.
        public var scrollPointsPerSecond = 0.0

        public init(peakPointsPerSecond: Double = 0, movingShare: Double = 0, scrollPointsPerSecond: Double = 0) {
            self.peakPointsPerSecond = peakPointsPerSecond
            self.movingShare = movingShare
            self.scrollPointsPerSecond = scrollPointsPerSecond
        }
    }

    /// What a setting is, for telling a change of it from motion.
    private struct Setting: Equatable, Sendable {
        var scene: SceneID
        var strategy: ParallaxStrategy
        var amount: Double
        var reduceMotion: Bool
        var items: Int
        var viewport: Size
        var mapping: String

        init(_ playground: Playground) {
            scene = playground.scene.id
            strategy = playground.effectiveStrategy
            amount = playground.parallaxAmount
            reduceMotion = playground.reduceMotion
            items = playground.itemCount
            viewport = playground.viewportSize
            mapping = playground.scene.mapping.authorName
        }
    }

    private var previous: (time: Double, offset: Double, setting: Setting)?
    /// Each visible item's image displacement in the previous frame, and this frame's (two
    /// tables swapped each frame, so a frame allocates nothing once they have grown).
    private var previousDisplacement: [Int: Point] = [:]
    private var displacement: [Int: Point] = [:]
    /// The last frame's reading.
    public private(set) var last = Reading()
    /// Each visible item's image speed against its cell in the last frame, points per second,
    /// signed along the list's axis (positive: the way the offset grows).
    public private(set) var imageSpeeds: [Int: Double] = [:]
    public private(set) var peakPointsPerSecond = 0.0
    public private(set) var peakMovingShare = 0.0
    private var sumOfMovingPeaks = 0.0
    private var movingFrames = 0

    public init() {}

    /// The mean of the per-frame peaks over the frames in which the list moved.
    public var meanPointsPerSecond: Double { movingFrames > 0 ? sumOfMovingPeaks / Double(movingFrames) : 0 }

    /// Measures the frame `playground` shows at `time` (after its step ran).
    public mutating func measure(_ playground: Playground, at time: Double) {
        let axis = playground.scene.axis
        let offset = playground.scrollView.contentOffset[axis]
        let setting = Setting(playground)
        displacement.removeAll(keepingCapacity: true)
        for cell in playground.visibleCells { displacement[cell.item] = cell.parallax }
        defer {
            previous = (time, offset, setting)
            swap(&previousDisplacement, &displacement)
        }
        imageSpeeds.removeAll(keepingCapacity: true)
        guard let before = previous, before.setting == setting, time > before.time else {
            last = Reading()
            return
        }
        let dt = time - before.time
        let bounds = playground.collectionView.bounds
        let viewportArea = bounds.width * bounds.height
        var reading = Reading(scrollPointsPerSecond: (offset - before.offset) / dt)
        var movingArea = 0.0
        for cell in playground.visibleCells {
            guard let was = previousDisplacement[cell.item] else { continue }
            let move = cell.parallax - was
            let speed = (move.x * move.x + move.y * move.y).squareRoot() / dt
            guard speed.isFinite else { continue }
            imageSpeeds[cell.item] = (axis == .vertical ? move.y : move.x) / dt
            reading.peakPointsPerSecond = max(reading.peakPointsPerSecond, speed)
            if speed > Self.movingFloor, viewportArea > 0 {
                let area = SceneRenderer.photoArea(inCell: cell.frame, style: playground.scene.cellStyle) ?? cell.frame
                if let seen = area.intersection(bounds) { movingArea += seen.width * seen.height }
            }
        }
        if viewportArea > 0 { reading.movingShare = min(1, movingArea / viewportArea) }
        last = reading
        peakPointsPerSecond = max(peakPointsPerSecond, reading.peakPointsPerSecond)
        peakMovingShare = max(peakMovingShare, reading.movingShare)
        if offset != before.offset {
            sumOfMovingPeaks += reading.peakPointsPerSecond
            movingFrames += 1
        }
    }
}
