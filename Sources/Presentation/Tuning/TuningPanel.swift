import ParallaxKit

/// What the tuning panel (the T key) shows and what its edits do, apart from the widgets that
/// draw it: the values of a playground as the controls hold them, and the commands that turn an
/// edited set of values into the model's. Every edit is an `AppCommand` delivered as input, so
/// it reaches every pane, shows in `--stats-json`, and is what a script's `set` line gives.
public struct TuningPanel: Equatable, Sendable {
    /// Points from the window's top-left corner, and the panel's width.
    public static let margin = 12.0
    public static let width = 372.0

    public static let sceneNames = SceneID.allCases.map { Scene.make($0).title }
    public static let strategyNames = ParallaxStrategy.allCases.map(\.title)
    /// The physics picker's entries: each engine by what it is and where it ships.
    public static let engineNames = ScrollEngineName.allCases.map(\.longTitle)
    /// The item-count slider's ends: the model's own range.
    public static let itemRange = Double(Playground.itemCountRange.lowerBound)...Double(Playground.itemCountRange.upperBound)

    /// The physics picker's tooltip: the chosen engine whole, from its own data (what it is,
    /// its source, its coast's formula), and what the knobs below do to it: they tune UIKit's
    /// engine (its constants named with their values), the others run with their own.
    public static func physicsTooltip(_ engine: ScrollEngineName) -> String {
        let uikitKnobs = ScrollPhysics.Knob.allCases.filter { $0 != .wheelLine }
            .map { "\($0.rawValue) \(KnobDescriptor.number(ScrollPhysics.uikit[$0]))" }.joined(separator: ", ")
        let knobs = engine == .uikit
            ? "The knobs below tune this engine (UIKit's own: \(uikitKnobs))."
            : "The knobs below tune UIKit's engine; this one runs with its platform's own constants (\(engine.rule))."
        return engine.longTitle + ", from " + engine.source + ".\n"
            + "Its coast: " + engine.formula + ".\n"
            + "Every engine gets the same release speed (the playground's velocity tracker): a comparison shows physics only.\n"
            + knobs + "\nwheel-line moves wheels and keys in every engine."
    }

    /// The closed panel's button in the top-left corner: drawn with the app's own text, so a
    /// window that never opens the panel never loads Dear ImGui (its font atlas costs the
    /// first frame time).
    public static let buttonFrame = Rect(x: margin, y: margin, width: 76, height: 24)

    public static func drawButton(into list: inout DrawList) {
        list.fill(buttonFrame, Color(r: 24, g: 26, b: 34, a: 220))
        list.stroke(buttonFrame, Color(r: 90, g: 96, b: 112))
        list.text("Tune  T", at: Point(x: buttonFrame.midX, y: buttonFrame.minY + 4), size: 13,
                  color: SceneRenderer.Palette.subtitle, alignment: .center)
    }

    public var sceneIndex: Int
    public var strategyIndex: Int
    public var parallax: Double
    /// The slider's end: four times the scene's default, the keys' most (`--parallax` and
    /// `set parallax` go to 1000).
    public var parallaxRange: ClosedRange<Double>
    public var items: Double
    public var reduceMotion: Bool
    /// What reduce motion leaves of the parallax, a fraction of the amount.
    public var reducedAmount: Double
    /// The scroll view's feel, knob by knob.
    public var physics: ScrollPhysics
    /// The cells' shape as set (nil knobs: the scene's own)…
    public var cellLayout: CellLayout
    /// …and what each knob is while it is the scene's own, for its slider to start from: the
    /// scene's gap, the first cell's height (a quilt block's side, an album cover's), the
    /// parallax amount.
    public var sceneOwnCellLayout: [CellLayout.Knob: Double]
    /// The run's frame budget (`RunBudget`): the window's, not the model's, so the window sets
    /// it after `init`; the refresh slider shows the rate counted while it is the display's.
    public var budget = RunBudget()
    public var displayHertz: Double?

    /// The refresh picker's rates: the display's (nil), the displays people hold, and the
    /// run's own when it is another (`--refresh 75`).
    public static let refreshRates: [Double?] = [nil, 30, 60, 90, 120, 144]
    public var refreshChoices: [Double?] {
        Self.refreshRates.contains(budget.refreshHertz) ? Self.refreshRates : Self.refreshRates + [budget.refreshHertz]
    }

    /// A rate as the picker names it: "120 Hz", or "display (60 Hz)".
    public func refreshName(_ hertz: Double?) -> String {
        guard let hertz else { return "display (" + KnobDescriptor.number(RunBudget().hertz(display: displayHertz)) + " Hz)" }
        return KnobDescriptor.number(hertz) + " Hz"
    }

    /// Each layout slider's range: the knob's descriptor's (the part a person tunes in;
    /// options and `set` take the knob's whole range).
    public static func sliderRange(_ knob: CellLayout.Knob) -> ClosedRange<Double> { knob.descriptor.sliderRange }

    /// The layout slider's printf format for `value`: the descriptor's whole points, a value
    /// between (an overscan that follows a 91.5 pt amount, a `set` of 40.5) with its tenth, so
    /// the slider never shows a number the cells do not have; "auto: " while the scene's own.
    public static func cellSliderFormat(_ knob: CellLayout.Knob, value: Double, isSceneOwn: Bool) -> String {
        let whole = knob.descriptor.sliderFormat
        let number = value == value.rounded() ? whole : whole.replacing("%.0f", with: "%.1f")
        return isSceneOwn ? "auto: " + number : number
    }

    /// The value a layout slider shows: the knob's, else the scene's own.
    public func shownValue(_ knob: CellLayout.Knob) -> Double {
        cellLayout[knob] ?? sceneOwnCellLayout[knob] ?? 0
    }

    /// Each physics slider's range: the knob's descriptor's (the deceleration's narrower
    /// than the model allows: the part where a fling's feel changes; `set` and the options
    /// take the whole range).
    public static func sliderRange(_ knob: ScrollPhysics.Knob) -> ClosedRange<Double> { knob.descriptor.sliderRange }

    public init(_ playground: Playground) {
        physics = playground.physics
        sceneIndex = SceneID.allCases.firstIndex(of: playground.scene.id) ?? 0
        strategyIndex = ParallaxStrategy.allCases.firstIndex(of: playground.strategy) ?? 0
        parallax = playground.parallaxAmount
        parallaxRange = 0...max(4 * playground.scene.defaultParallaxAmount, playground.parallaxAmount, 1)
        items = Double(playground.itemCount)
        reduceMotion = playground.reduceMotion
        reducedAmount = playground.reducedAmountFraction
        cellLayout = playground.cellLayout
        sceneOwnCellLayout = [
            .cellSpacing: Scene.ownSpacing(playground.scene.id),
            .cellHeight: Self.ownCellHeight(of: playground),
            .imageOverscan: playground.parallaxAmount,
        ]
    }

    /// How tall a cell of the playground's scene is by the scene's own rule: a quilt block's
    /// side and an album cover's at this viewport, a table row, else the first cell's height
    /// (the photo lists' cells follow each photo's shape).
    static func ownCellHeight(of playground: Playground) -> Double {
        let viewport = playground.scrollView.viewportSize
        switch playground.scene.geometry {
        case let quilt as QuiltGeometry:
            let width = max(0, viewport.width - playground.scene.contentInsets.left - playground.scene.contentInsets.right)
            return (width / Double(quilt.columnCount(forWidth: width))).rounded()
        case let covers as CoverFlowGeometry:
            return covers.coverSide(forViewport: viewport).rounded()
        case let rows as TableRowGeometry:
            return rows.rowHeight
        default:
            return playground.layout.frames.first?.height ?? 0
        }
    }

    /// The commands that take the model from `self` to `edited` (at most one per control
    /// that changed, in the panel's order).
    public func commands(to edited: TuningPanel) -> [AppCommand] {
        var commands: [AppCommand] = []
        if edited.sceneIndex != sceneIndex, SceneID.allCases.indices.contains(edited.sceneIndex) {
            commands.append(.scene(SceneID.allCases[edited.sceneIndex]))
        }
        if edited.strategyIndex != strategyIndex, ParallaxStrategy.allCases.indices.contains(edited.strategyIndex) {
            commands.append(.strategy(ParallaxStrategy.allCases[edited.strategyIndex]))
        }
        if edited.parallax != parallax, edited.parallax.isFinite {
            // Tenths of a point: what the slider shows, and a step a person can repeat.
            commands.append(.setParallax((edited.parallax * 10).rounded() / 10))
        }
        let count = min(max(edited.items.clampedInteger(Int.self), Playground.itemCountRange.lowerBound), Playground.itemCountRange.upperBound)
        if count != items.clampedInteger(Int.self) { commands.append(.setItemCount(count)) }
        if edited.reduceMotion != reduceMotion { commands.append(.setReduceMotion(edited.reduceMotion)) }
        if edited.reducedAmount != reducedAmount, edited.reducedAmount.isFinite {
            // Hundredths: what the slider shows.
            commands.append(.setReducedAmount((edited.reducedAmount * 100).rounded() / 100))
        }
        if edited.physics.engine != physics.engine { commands.append(.setScrollEngine(edited.physics.engine)) }
        for knob in ScrollPhysics.Knob.allCases where edited.physics[knob] != physics[knob] {
            commands.append(.setPhysics(knob, edited.physics[knob]))
        }
        for knob in CellLayout.Knob.allCases where edited.cellLayout[knob] != cellLayout[knob] {
            // Whole points: what the slider shows.
            commands.append(.setCellLayout(knob, edited.cellLayout[knob].map { $0.rounded() }))
        }
        // Whole steps of the slowdown: what the slider shows.
        if edited.budget.cpuSlowdown != budget.cpuSlowdown, edited.budget.cpuSlowdown.isFinite {
            commands.append(.setCPUSlowdown(edited.budget.cpuSlowdown.rounded()))
        }
        if edited.budget.refreshHertz != budget.refreshHertz { commands.append(.setRefresh(edited.budget.refreshHertz)) }
        return commands
    }
}
