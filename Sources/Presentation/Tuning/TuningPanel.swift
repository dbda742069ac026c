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
    /// The item-count slider's ends: the model's own range.
    public static let itemRange = Double(Playground.itemCountRange.lowerBound)...Double(Playground.itemCountRange.upperBound)

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
    /// The scroll view's feel, knob by knob.
    public var physics: ScrollPhysics

    /// Each physics slider's range (the deceleration's narrower than the model allows: the
    /// part where a fling's feel changes; `set` and the options take the whole range).
    public static func sliderRange(_ knob: ScrollPhysics.Knob) -> ClosedRange<Double> {
        switch knob {
        case .decelerationRate: 0.98...0.9995
        case .rubberBand: 0.1...1.5
        case .springStiffness: 20...1000
        case .springDamping: 0.2...3
        case .wheelLine: 5...200
        }
    }

    public init(_ playground: Playground) {
        physics = playground.physics
        sceneIndex = SceneID.allCases.firstIndex(of: playground.scene.id) ?? 0
        strategyIndex = ParallaxStrategy.allCases.firstIndex(of: playground.strategy) ?? 0
        parallax = playground.parallaxAmount
        parallaxRange = 0...max(4 * playground.scene.defaultParallaxAmount, playground.parallaxAmount, 1)
        items = Double(playground.itemCount)
        reduceMotion = playground.reduceMotion
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
        let count = Int(min(max(edited.items.rounded(), Self.itemRange.lowerBound), Self.itemRange.upperBound))
        if count != Int(items) { commands.append(.setItemCount(count)) }
        if edited.reduceMotion != reduceMotion { commands.append(.setReduceMotion(edited.reduceMotion)) }
        for knob in ScrollPhysics.Knob.allCases where edited.physics[knob] != physics[knob] {
            commands.append(.setPhysics(knob, edited.physics[knob]))
        }
        return commands
    }
}
