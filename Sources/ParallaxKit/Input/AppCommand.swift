/// What the playground's keys do besides scrolling (the help panel lists them: `KeyHelp`).
public enum AppCommand: Hashable, Sendable {
    case nextScene, previousScene
    case scene(SceneID)
    case strategy(ParallaxStrategy)
    /// +1 or −1 step of the parallax amount.
    case adjustParallax(Int)
    /// Multiply (+1) or divide (−1) the item count by 10.
    case scaleItemCount(Int)
    /// The tuning panel's and a script's absolute settings (`set parallax 45`): the amount in
    /// points (0…`Playground.largestParallaxAmount`), the item count (1…1,000,000), reduce motion.
    case setParallax(Double)
    case setItemCount(Int)
    case setReduceMotion(Bool)
    /// What reduce motion leaves of the parallax, a fraction of the amount
    /// (`Playground.reducedAmountKnob`: `set reduced-amount 0.2`, the panel's slider); clamped.
    case setReducedAmount(Double)
    /// The viewing geometry the motion meter's degrees assume (`set viewing-distance 60`,
    /// `set display-density 220`: `ViewingGeometry.distanceKnob`, `.densityKnob`); clamped.
    case setViewingDistance(Double)
    /// Another author's mapping on the current list (`set technique leth`, `--technique`, a
    /// preset's `technique`); nil gives each scene its own back (loading a preset without one).
    case setTechnique(ParallaxMapping?)
    case setDisplayDensity(Double)
    /// One constant of the scroll view's feel (the panel's physics sliders,
    /// `set deceleration-rate 0.99`…); clamped to the knob's range.
    case setPhysics(ScrollPhysics.Knob, Double)
    /// Whose scroll physics the list runs (`--physics`, `set physics android`, the panel's
    /// picker, a compared pane).
    case setScrollEngine(ScrollEngineName)
    /// One knob of the cells' shape (`set cell-spacing 12`, the panel's layout sliders); nil
    /// gives it back to the scene (`set cell-height auto`); clamped to the knob's range.
    case setCellLayout(CellLayout.Knob, Double?)
    /// Every knob back to the scene's defaults (the panel's Reset).
    case resetToDefaults
    /// The run's frame budget (`RunBudget`), the window's and not the model's: the main
    /// thread's slowdown (`set cpu-slowdown 4`, the panel's slider) and the refresh rate
    /// frames are paced to (`set refresh 120`; nil: the display's).
    case setCPUSlowdown(Double)
    case setRefresh(Double?)
    case toggleOverlay, toggleDebugOutlines, toggleReduceMotion, toggleVSync, toggleHelp
    /// Patel's willDisplay update on or off, to see the jump before the first scroll.
    case toggleWillDisplay
    case screenshot
    /// Record the window to an MP4, or stop recording.
    case toggleRecording
    /// C: compare panes side by side, cycling off → strategies → techniques → amounts →
    /// the platforms' physics → full beside reduced motion → off.
    case cycleComparison
    /// S: the strip under compared panes (each pane's centre shift over time and its work).
    case toggleCompareStrip
    /// T: the tuning panel (Dear ImGui): pickers, sliders, toggles, reset, shot and record.
    case toggleTuningPanel
    /// Esc: closes the help when it is open (what a person presses Esc for), else quits.
    case dismiss
    case quit

    public init?(key: Key, modifiers: KeyModifiers) {
        switch key {
        case .tab: self = modifiers.contains(.shift) ? .previousScene : .nextScene
        case .function(let n) where (1...SceneID.allCases.count).contains(n): self = .scene(SceneID.allCases[n - 1])
        case .escape: self = .dismiss
        case .character(let c):
            switch c {
            case "1": self = .strategy(.scrollCallback)
            case "2": self = .strategy(.layoutInvalidation)
            case "3": self = .strategy(.cachedLayout)
            case "0": self = .strategy(.off)
            case "+", "=": self = .adjustParallax(1)
            case "-": self = .adjustParallax(-1)
            case "]": self = .scaleItemCount(1)
            case "[": self = .scaleItemCount(-1)
            case "f": self = .toggleOverlay
            case "d": self = .toggleDebugOutlines
            case "m": self = .toggleReduceMotion
            case "v": self = .toggleVSync
            case "h", "?": self = .toggleHelp
            case "/" where modifiers.contains(.shift): self = .toggleHelp
            case "w": self = .toggleWillDisplay
            case "p": self = .screenshot
            case "r": self = .toggleRecording
            case "c": self = .cycleComparison
            case "s": self = .toggleCompareStrip
            case "t": self = .toggleTuningPanel
            case "q": self = .quit
            default: return nil
            }
        default: return nil
        }
    }
}
