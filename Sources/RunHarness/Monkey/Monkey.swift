import ParallaxKit

/// A seeded stream of what a restless person does to the playground: wheel bursts (notches
/// and touchpad swipes), drags at random speeds (some flung, some let go at rest), every key
/// of the key table but quit, screenshot and recording, runs of `]` up to the largest item count, and
/// window resizes. The same seed gives the same actions at the same times.
public struct Monkey {
    /// One thing the monkey does.
    public enum Action: Sendable, Equatable {
        case input(InputEvent)
        /// The window is resized to this many points.
        case resize(Size)
    }

    /// The keys it presses: the key table without Esc, Q (quit), P (screenshot) and R (recording).
    public static let keys: [(Key, KeyModifiers)] = [
        (.up, []), (.down, []), (.left, []), (.right, []), (.pageUp, []), (.pageDown, []),
        (.space, []), (.space, .shift), (.home, []), (.end, []), (.tab, []), (.tab, .shift),
        (.function(1), []), (.function(2), []), (.function(3), []), (.function(4), []), (.function(5), []),
        (.character("1"), []), (.character("2"), []), (.character("3"), []), (.character("0"), []),
        (.character("+"), []), (.character("-"), []), (.character("]"), []), (.character("["), []),
        (.character("w"), []), (.character("f"), []), (.character("d"), []), (.character("m"), []),
        (.character("v"), []), (.character("h"), []),
    ]

    /// Window sizes it resizes to, points: from cramped to larger than the default window.
    public static let widths = 200.0...1600.0
    public static let heights = 150.0...1000.0

    private var random: SplitMix64
    private var viewport: Size
    /// Actions planned and not yet handed out, in time order.
    private var planned: [(time: Double, action: Action)] = []
    private var nextBurst = 0.0

    /// With `tour`, the monkey first visits every scene at the largest item count and scrolls
    /// it, so the run's largest structures exist early (a soak's warm-up then covers them).
    public init(seed: UInt64, viewportSize: Size, tour: Bool = false) {
        random = SplitMix64(seed: seed)
        viewport = viewportSize
        if tour { planTour() }
    }

    /// F1…F5, each followed by six `]` (1,000,000 items), a page down and an End.
    private mutating func planTour() {
        var t = 0.0
        for scene in 1...SceneID.allCases.count {
            planned.append((t, .input(.key(.function(scene), []))))
            for _ in 0..<6 {
                t += 0.05
                planned.append((t, .input(.key(.character("]"), []))))
            }
            for key in [Key.pageDown, .end] {
                t += 0.3
                planned.append((t, .input(.key(key, []))))
            }
            t += 0.5
        }
        nextBurst = t
    }

    /// Every action due by `time` (seconds from the start), in order.
    public mutating func actions(dueBy time: Double) -> [Action] {
        while nextBurst <= time { planBurst(at: nextBurst) }
        var due: [Action] = []
        while let first = planned.first, first.time <= time {
            due.append(first.action)
            planned.removeFirst()
        }
        return due
    }

    private mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    private mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    private mutating func point() -> Point {
        Point(x: uniform(0...max(1, viewport.width - 1)), y: uniform(0...max(1, viewport.height - 1)))
    }

    /// Plans one burst starting at `t` and the pause after it.
    private mutating func planBurst(at start: Double) {
        var t = start
        func add(_ action: Action) { planned.append((t, action)) }
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2:  // A drag: a flick, a slow pull, or a pull that rests before letting go.
            add(.input(.pointerDown(point())))
            var p = point()
            let moves = Int.random(in: 2...20, using: &random)
            let direction = Point(x: uniform(-1...1), y: uniform(-1...1))
            let speed = uniform(50...6000)  // points per second
            for _ in 0..<moves {
                let dt = uniform(0.004...0.03)
                t += dt
                p = Point(x: p.x + direction.x * speed * dt, y: p.y + direction.y * speed * dt)
                add(.input(.pointerMoved(p)))
            }
            if chance(0.2) { t += 0.15 }
            add(.input(.pointerUp(p)))
        case 3...4:  // Wheel notches, now and then flipped, or a touchpad swipe.
            let touchpad = chance(0.3)
            let flipped = chance(0.2)
            let sign: Double = chance(0.5) ? 1 : -1
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let amount = touchpad ? sign * uniform(0.05...2) : sign * Double(Int.random(in: 1...3, using: &random))
                let delta = chance(0.15) ? WheelDelta(dx: amount, isPrecise: touchpad, isFlipped: flipped)
                    : WheelDelta(dy: amount, isPrecise: touchpad, isFlipped: flipped)
                add(.input(.wheel(delta)))
                t += touchpad ? uniform(0.005...0.02) : uniform(0.01...0.08)
            }
        case 5...7:  // A key from the table.
            let (key, modifiers) = Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)]
            add(.input(.key(key, modifiers)))
        case 8:  // A run of `]`: up to a million items.
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                add(.input(.key(.character("]"), [])))
                t += uniform(0.01...0.1)
            }
        default:  // The window resized.
            viewport = Size(width: uniform(Self.widths).rounded(), height: uniform(Self.heights).rounded())
            add(.resize(viewport))
        }
        nextBurst = t + uniform(0.0...0.6)
    }
}
