import ParallaxKit

/// What a key did, in words: the window shows it as a toast, so no key changes the model
/// silently or silently does nothing (a count reset by a scene change, a limit reached, a
/// strategy that reduce motion keeps off).
public enum KeyFeedback {
    /// The parts of a playground a key can change.
    public struct State: Equatable, Sendable {
        public var scene: SceneID
        public var sceneTitle: String
        public var strategy: ParallaxStrategy
        public var effectiveStrategy: ParallaxStrategy
        public var itemCount: Int
        public var itemCountFollowsPhotos: Bool
        public var parallaxAmount: Double
        public var defaultParallaxAmount: Double
        public var reduceMotion: Bool
        /// What reduce motion leaves of the parallax, a fraction of the amount (0: none).
        public var reducedAmountFraction: Double
        public var updatesOnWillDisplay: Bool

        public init(_ playground: Playground) {
            scene = playground.scene.id
            sceneTitle = playground.scene.title
            strategy = playground.strategy
            effectiveStrategy = playground.effectiveStrategy
            itemCount = playground.itemCount
            itemCountFollowsPhotos = playground.itemCountFollowsPhotos
            parallaxAmount = playground.parallaxAmount
            defaultParallaxAmount = playground.scene.defaultParallaxAmount
            reduceMotion = playground.reduceMotion
            reducedAmountFraction = playground.reducedAmountFraction
            updatesOnWillDisplay = playground.updatesOnWillDisplay
        }
    }

    /// What `command` did to the model, which was `before` and is now `after`; nil for
    /// commands that are not the model's (the window words those itself).
    public static func message(for command: AppCommand, before: State, after: State) -> String? {
        switch command {
        case .nextScene, .previousScene, .scene:
            return sceneMessage(after)
        case .strategy(let strategy):
            if after.reduceMotion && after.reducedAmountFraction == 0 {
                return "Reduce motion is on: parallax stays off (M turns it off; then \(strategy.title) runs)"
            }
            return strategy == .off ? "Strategy off: images stay centred" : "Strategy: \(strategy.title)"
        case .adjustParallax(let step):
            return parallaxMessage(step: step, before: before, after: after)
        case .scaleItemCount(let step):
            if after.itemCount == before.itemCount {
                return step > 0 ? "\(items(after.itemCount)) is the most" : "\(items(after.itemCount)) is the fewest"
            }
            return items(after.itemCount)
        case .toggleReduceMotion:
            if after.reduceMotion && after.reducedAmountFraction > 0 {
                return "Reduce motion on: parallax at \(reducedShare(after)) of the amount"
            }
            return after.reduceMotion ? "Reduce motion on: parallax off"
                : "Reduce motion off: \(after.effectiveStrategy.title)"
        case .toggleWillDisplay:
            return after.updatesOnWillDisplay ? "willDisplay update on (Patel's fix)"
                : "willDisplay update off: new rows show unshifted until the first scroll"
        case .resetToDefaults:
            return "Reset: " + sceneMessage(after)
        case .setScrollEngine(let engine):
            return "Physics: " + engine.title
        case .setParallax, .setItemCount, .setReduceMotion, .setReducedAmount, .setPhysics, .setCellLayout,
             .setViewingDistance, .setDisplayDensity, .setTechnique:
            // The panel's own control shows the new value as it moves.
            return nil
        case .toggleOverlay, .toggleDebugOutlines, .toggleVSync, .toggleHelp, .screenshot, .toggleRecording,
             .cycleComparison, .toggleCompareStrip, .toggleTuningPanel, .dismiss, .quit,
             .setCPUSlowdown, .setRefresh:
            return nil
        }
    }

    /// What a key that would change the compared setting says: each pane keeps its own.
    public static func overriddenMessage(axis: CompareAxis) -> String {
        let what = switch axis {
        case .strategy: "strategies"
        case .technique: "techniques (on the photos list)"
        case .parallax: "amounts"
        case .scene: "scenes"
        case .physics: "physics"
        case .motion: "full and reduced motion"
        }
        return "The panes compare \(what): each keeps its own (click a caption to change it)"
    }

    /// What the C key shows; `after` is the one pane left when the comparison ends, whose
    /// scene can differ from the one before (a technique comparison runs on the photos list).
    public static func comparisonMessage(_ comparison: Comparison?, after: State? = nil) -> String {
        guard let comparison else {
            guard let after else { return "Compare off: one pane" }
            return "Compare off: one pane, \(after.sceneTitle) · \(after.effectiveStrategy.title)"
        }
        if comparison.axis == .physics {
            return "Comparing \(comparison.countedValues) under one hand: every engine gets the same release speed — C for the next"
        }
        return "Comparing \(comparison.countedValues) side by side — C for the next, a caption click to change a pane"
    }

    /// The scene's name, its strategy, and the count and amount a scene change set.
    public static func sceneMessage(_ state: State) -> String {
        let count = state.itemCountFollowsPhotos && state.scene != .albums ? "one item per photo" : items(state.itemCount)
        return "\(state.sceneTitle) · \(state.effectiveStrategy.title) · \(count), \(points(state.parallaxAmount)) parallax"
    }

    /// `Playground.steppedParallaxAmount` stops at 20 steps of a fifth of the scene's default.
    static let largestKeySteps = 20.0

    private static func parallaxMessage(step: Int, before: State, after: State) -> String {
        if after.parallaxAmount == before.parallaxAmount {
            if step > 0 {
                return "Parallax \(points(after.parallaxAmount)) is the keys' most (4 × the scene's \(points(after.defaultParallaxAmount))); --parallax takes up to 1000"
            }
            return "Parallax 0 pt: the images do not move"
        }
        let amount = "Parallax \(points(after.parallaxAmount))"
        if after.reduceMotion && after.reducedAmountFraction > 0 {
            return amount + " (reduce motion is on: images move \(reducedShare(after)) of it)"
        }
        if after.reduceMotion { return amount + " (reduce motion is on: nothing moves until M)" }
        if after.effectiveStrategy == .off { return amount + " (strategy off: the images grow, nothing moves them; press 1, 2 or 3)" }
        return amount
    }

    /// The reduced amount as a person reads it: "0.2".
    static func reducedShare(_ state: State) -> String {
        KnobDescriptor.number((state.reducedAmountFraction * 100).rounded() / 100)
    }

    static func items(_ count: Int) -> String {
        "\(NumberFormat.count(count)) item\(count == 1 ? "" : "s")"
    }

    static func points(_ value: Double) -> String {
        (value.rounded() == value ? String(value.clampedInteger(Int.self)) : NumberFormat.fixed1(value)) + " pt"
    }
}

/// A short message at the bottom centre of the window, held then faded: what a key did.
public struct Toast: Sendable {
    /// Long enough to read a dozen words, short enough not to linger over the photos.
    public static let holdSeconds = 2.0
    public static let fadeSeconds = 0.4
    static let textSize = 15.0
    /// DejaVu Sans' advance widths average about 0.58 em over mixed text (its lowercase run
    /// 0.52–0.63 em, digits 0.636 em): the pill is sized by that, the text centred in it.
    static let averageAdvance = 0.58

    public private(set) var message: String?
    private var shownAt = -Double.infinity
    private var hold = Toast.holdSeconds

    public init() {}

    /// Shows `message` from `time` on for `holding` seconds before it fades, replacing the
    /// one showing.
    public mutating func show(_ message: String, at time: Double, holding: Double = Toast.holdSeconds) {
        self.message = message
        shownAt = time
        hold = holding
    }

    /// Opacity at `time`: 1 while held, then fading to 0.
    public func opacity(at time: Double) -> Double {
        guard message != nil else { return 0 }
        let age = time - shownAt
        if age < 0 { return 0 }
        if age <= hold { return 1 }
        return max(0, 1 - (age - hold) / Self.fadeSeconds)
    }

    /// Whether the toast is fading out at `time` (it then changes every frame).
    public func isFading(at time: Double) -> Bool {
        guard message != nil else { return false }
        let age = time - shownAt
        return age > hold && age < hold + Self.fadeSeconds
    }

    /// When the toast next looks different after `time`: the time it appears or starts to
    /// fade, `time` itself while it fades, nil once gone. Held, it stays as it is, so a frame
    /// loop may wait until then.
    public func nextChange(after time: Double) -> Double? {
        guard message != nil else { return nil }
        let fadeStart = shownAt + hold, fadeEnd = fadeStart + Self.fadeSeconds
        if time < shownAt { return shownAt }
        if time < fadeStart { return fadeStart }
        return time < fadeEnd ? time : nil
    }

    /// The pill's rectangle for `message` in a viewport of `viewportSize`, above the bottom
    /// edge and clear of the recording badge's row.
    public static func frame(of message: String, viewportSize: Size) -> Rect {
        let height = textSize + 16
        let estimated = Double(message.count) * textSize * averageAdvance + 32
        let width = max(0, min(estimated, viewportSize.width - 24))
        return Rect(x: (viewportSize.width - width) / 2, y: viewportSize.height - height - 56, width: width, height: height)
    }

    /// Draws the toast as it is at `time` (nothing once faded).
    public func draw(at time: Double, viewportSize: Size, into list: inout DrawList) {
        let alpha = opacity(at: time)
        guard let message, alpha > 0 else { return }
        let pill = Self.frame(of: message, viewportSize: viewportSize)
        list.fill(pill, OverlayRenderer.panel.withOpacity(alpha))
        list.append(.text(message, origin: Point(x: pill.midX, y: pill.minY + 7), size: Self.textSize,
                          color: SceneRenderer.Palette.title.withOpacity(alpha), alignment: .center))
    }
}
