/// A script's `set NAME VALUE` lines: the tuning panel's controls, named as the command-line
/// options that set them, so a replay can include tuning.
public enum ScriptSetting {
    public struct Problem: Error { public var reason: String }

    static let help = "scene NAME, strategy NAME, physics NAME, parallax POINTS, items N, reduce-motion on|off, reduced-amount FRACTION, " + ScrollPhysics.Knob.allCases.map { "\($0.rawValue) N" }.joined(separator: ", ") + ", "
        + CellLayout.Knob.allCases.map { "\($0.rawValue) N|auto" }.joined(separator: ", ") + ", cpu-slowdown N, refresh HZ|display, viewing-distance CM, display-density PPI, reset defaults"

    /// The command `set name value` gives, or why it gives none.
    public static func command(_ name: String, _ value: String) throws(Problem) -> AppCommand {
        switch name {
        case "scene":
            guard let scene = SceneID(name: value) else {
                throw Problem(reason: "unknown scene \(quoted(value)) (one of \(SceneID.allCases.map(\.name).joined(separator: ", ")))")
            }
            return .scene(scene)
        case "strategy":
            guard let strategy = ParallaxStrategy(name: value) else {
                throw Problem(reason: "unknown strategy \(quoted(value)) (one of \(ParallaxStrategy.allCases.map(\.name).joined(separator: ", ")))")
            }
            return .strategy(strategy)
        case "physics":
            guard let engine = ScrollEngineName(name: value) else {
                throw Problem(reason: "unknown physics \(quoted(value)) (one of \(ScrollEngineName.allCases.map(\.rawValue).joined(separator: ", ")); compose is android)")
            }
            return .setScrollEngine(engine)
        case "parallax":
            guard case let amount?? = Playground.parallaxAmountKnob.parse(value) else {
                throw Problem(reason: Playground.parallaxAmountKnob.rangeMessage(got: value))
            }
            return .setParallax(amount)
        case "items":
            guard let count = Int(value), Playground.itemCountRange.contains(count) else {
                throw Problem(reason: "items takes a whole number from \(Playground.itemCountRange.lowerBound) to \(Playground.itemCountRange.upperBound), got \(quoted(value))")
            }
            return .setItemCount(count)
        case "reduce-motion":
            switch value {
            case "on": return .setReduceMotion(true)
            case "off": return .setReduceMotion(false)
            default: throw Problem(reason: "reduce-motion takes on or off, got \(quoted(value))")
            }
        case Playground.reducedAmountKnob.name:
            guard case let fraction?? = Playground.reducedAmountKnob.parse(value) else {
                throw Problem(reason: Playground.reducedAmountKnob.rangeMessage(got: value))
            }
            return .setReducedAmount(fraction)
        case let name where ScrollPhysics.Knob(rawValue: name) != nil:
            let knob = ScrollPhysics.Knob(rawValue: name)!
            guard let v = knob.parse(value) else {
                throw Problem(reason: knob.descriptor.rangeMessage(got: value))
            }
            return .setPhysics(knob, v)
        case let name where CellLayout.Knob(rawValue: name) != nil:
            let knob = CellLayout.Knob(rawValue: name)!
            guard let v = knob.parse(value) else {
                throw Problem(reason: knob.descriptor.rangeMessage(got: value))
            }
            return .setCellLayout(knob, v)
        case ViewingGeometry.distanceKnob.name:
            guard case let centimetres?? = ViewingGeometry.distanceKnob.parse(value) else {
                throw Problem(reason: ViewingGeometry.distanceKnob.rangeMessage(got: value))
            }
            return .setViewingDistance(centimetres)
        case ViewingGeometry.densityKnob.name:
            guard case let pixelsPerInch?? = ViewingGeometry.densityKnob.parse(value) else {
                throw Problem(reason: ViewingGeometry.densityKnob.rangeMessage(got: value))
            }
            return .setDisplayDensity(pixelsPerInch)
        case RunBudget.cpuSlowdownKnob.name:
            guard case let rate?? = RunBudget.cpuSlowdownKnob.parse(value) else {
                throw Problem(reason: RunBudget.cpuSlowdownKnob.rangeMessage(got: value))
            }
            return .setCPUSlowdown(rate)
        case RunBudget.refreshKnob.name:
            guard let hertz = RunBudget.refreshKnob.parse(value) else {
                throw Problem(reason: RunBudget.refreshKnob.rangeMessage(got: value))
            }
            return .setRefresh(hertz)
        case "reset":
            guard value == "defaults" else { throw Problem(reason: "'set reset defaults' is the only reset") }
            return .resetToDefaults
        default:
            throw Problem(reason: "unknown setting \(quoted(name)) (settings: \(help))")
        }
    }

    private static func quoted(_ text: String) -> String { "'" + text.prefix(40) + (text.count > 40 ? "…" : "") + "'" }
}
