import ParallaxKit
import Presentation

/// One pane: a playground with its own frame step, composer and statistics, shown in a
/// rectangle of the surface (its group's session keeps the rectangles: `PaneGroup.paneRects`).
/// Its draw list is in its own coordinates (its top-left is 0, 0).
public final class Pane {
    public let playground: Playground
    public let step: FrameStep
    public let composer: FrameComposer
    /// The frame times its panel shows (the window's frames, this pane's strategy time).
    public var statistics = FrameStatistics()
    private var measuredSetting: MeasuredSetting?
    /// Its value on the compared axis (nil when nothing is compared).
    public internal(set) var value: String?
    /// Frames run, and the strategy's work summed over them.
    public private(set) var framesRun = 0
    public private(set) var totalWork = StrategyWork()
    /// The parallax of the cell nearest the viewport's centre, along the list's axis, over the
    /// last seconds (the compare strip draws it).
    public private(set) var centreShift = ShiftHistory()
    /// How fast its images move inside their cells (the panel's, the strip's and the stats'
    /// motion figures).
    public private(set) var motion = MotionMeter()

    init(playground: Playground, decorations: FrameDecorations, value: String?) {
        self.playground = playground
        self.step = FrameStep(playground)
        self.composer = FrameComposer(decorations: decorations)
        self.value = value
    }

    /// Restarts the panel's means when what they measure changed (scene, strategy, count).
    public func restartStatisticsIfNeeded() {
        measuredSetting = MeasuredSetting.restart(&statistics, measured: measuredSetting, now: playground)
    }

    /// The last coast that came to rest: how far it went from the release and how long it
    /// took (to the frame that found it at rest), for the strip of a physics comparison.
    public struct Coast: Sendable, Equatable {
        public var distance: Double
        public var seconds: Double
        public init(distance: Double, seconds: Double) {
            self.distance = distance
            self.seconds = seconds
        }
    }
    public private(set) var lastCoast: Coast?
    private var coastStart: (time: Double, offset: Double)?

    func noteFrame(_ report: FrameReport) {
        framesRun += 1
        totalWork = totalWork + report.work
        let scrollView = playground.scrollView
        let offset = scrollView.contentOffset[playground.scene.axis]
        centreShift.append(time: report.time, shift: Self.centreShift(of: playground), offset: offset, work: report.work)
        motion.measure(playground, at: report.time)
        switch scrollView.phase {
        case .dragging:
            coastStart = nil
        case .decelerating, .bouncing:
            // From the release (a fling's bounce at an edge goes on counting from it).
            if coastStart == nil, let start = scrollView.coastStart { coastStart = (start.time, start.position) }
        case .idle:
            if let start = coastStart {
                lastCoast = Coast(distance: offset - start.offset, seconds: report.time - start.time)
                coastStart = nil
            }
        case .animating:
            coastStart = nil
        }
    }

    /// The shift along the list's axis of the visible cell whose centre is nearest the
    /// viewport's centre; 0 with no cell.
    static func centreShift(of playground: Playground) -> Double {
        let axis = playground.scene.axis
        let bounds = playground.collectionView.bounds
        let centre = bounds.mid(axis)
        var best: (distance: Double, shift: Double)?
        for cell in playground.visibleCells {
            let distance = abs(cell.frame.mid(axis) - centre)
            if best == nil || distance < best!.distance {
                let shift = axis == .vertical ? cell.parallax.y : cell.parallax.x
                best = (distance, shift)
            }
        }
        return best?.shift ?? 0
    }
}

/// The last few seconds of one pane's centre shift and work, for the compare strip.
public struct ShiftHistory: Sendable {
    /// How far back the strip looks, seconds.
    public static let seconds = 4.0
    /// At most this many samples (four seconds at 120 Hz).
    static let capacity = 480

    public private(set) var times: [Double] = []
    public private(set) var shifts: [Double] = []
    /// The list's offset along its axis, points.
    public private(set) var offsets: [Double] = []
    /// The strategy's attributes computed plus cells updated, per frame.
    public private(set) var work: [Int] = []

    /// The strategy's mean work per frame over the last 60 frames (the caption's and the
    /// strip's figure).
    public var recentWorkPerFrame: Double {
        let recent = work.suffix(60)
        return recent.isEmpty ? 0 : Double(recent.reduce(0, +)) / Double(recent.count)
    }

    mutating func append(time: Double, shift: Double, offset: Double = 0, work frameWork: StrategyWork) {
        times.append(time)
        shifts.append(shift.isFinite ? shift : 0)
        offsets.append(offset.isFinite ? offset : 0)
        work.append(frameWork.attributesComputed + frameWork.cellsUpdated)
        var drop = 0
        while drop < times.count - 1, times.count - drop > Self.capacity || time - times[drop] > Self.seconds { drop += 1 }
        if drop > 0 {
            times.removeFirst(drop)
            shifts.removeFirst(drop)
            offsets.removeFirst(drop)
            work.removeFirst(drop)
        }
    }
}
