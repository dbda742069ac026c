import FileOutput
import Foundation
import ParallaxKit

/// A named set of tuning choices: a JSON object whose keys are the command-line options that
/// set them (`{"scene": "photos", "parallax": 45}`), so a preset reads as the options it
/// stands for. Saved from the tuning panel, read by `--preset` on the window, shot, trace,
/// record and export. Every key is checked: an unknown one is named, not ignored; a value of
/// the wrong type or out of range is an error naming its key and why.
public struct Preset: Equatable, Sendable {
    public var scene: SceneID?
    public var strategy: ParallaxStrategy?
    public var technique: ParallaxMapping?
    public var parallax: Double?
    public var items: Int?
    public var reduceMotion: Bool?
    /// What reduce motion leaves of the parallax, a fraction of the amount (nil: none).
    public var reducedAmount: Double?
    /// The feel's constants the preset sets, by knob (the others stay UIKit's).
    public var knobs: [ScrollPhysics.Knob: Double] = [:]
    /// The cells' shape the preset sets, knob by knob (the others stay the scene's own).
    public var cellLayout = CellLayout.sceneDefaults
    /// Whose scroll physics (nil: UIKit's).
    public var engine: ScrollEngineName?
    /// The run's frame budget (`RunBudget`): the main thread's slowdown, and the refresh rate
    /// (`.some(nil)`: the display's, as `"refresh": "display"` says); nil: not set.
    public var cpuSlowdown: Double?
    public var refresh: Double??
    /// Where the viewer sits, for the motion meter's degrees (`ViewingGeometry`'s knobs);
    /// nil: not set.
    public var viewingDistance: Double?
    public var displayDensity: Double?

    /// The laptop at 50 cm with the preset's distance and density.
    public var viewingGeometry: ViewingGeometry {
        var geometry = ViewingGeometry.laptop
        if let viewingDistance { geometry.distanceCentimetres = viewingDistance }
        if let displayDensity { geometry.pixelsPerInch = displayDensity }
        return geometry
    }

    public static let keys = ["scene", "strategy", "technique", "physics", "parallax", "items", "reduce-motion", Playground.reducedAmountKnob.name]
        + ScrollPhysics.Knob.allCases.map(\.rawValue) + CellLayout.Knob.allCases.map(\.rawValue)
        + [RunBudget.cpuSlowdownKnob.name, RunBudget.refreshKnob.name, ViewingGeometry.distanceKnob.name, ViewingGeometry.densityKnob.name]

    /// UIKit's feel with the preset's knobs.
    public var physics: ScrollPhysics {
        var physics = ScrollPhysics.uikit
        for (knob, value) in knobs { physics[knob] = value }
        physics.engine = engine ?? .uikit
        return physics
    }

    public init(scene: SceneID? = nil, strategy: ParallaxStrategy? = nil, technique: ParallaxMapping? = nil,
                parallax: Double? = nil, items: Int? = nil, reduceMotion: Bool? = nil, reducedAmount: Double? = nil,
                knobs: [ScrollPhysics.Knob: Double] = [:], cellLayout: CellLayout = .sceneDefaults) {
        self.knobs = knobs
        self.cellLayout = cellLayout
        self.scene = scene
        self.strategy = strategy
        self.technique = technique
        self.parallax = parallax
        self.items = items
        self.reduceMotion = reduceMotion
        self.reducedAmount = reducedAmount
    }

    /// The choices a playground holds now (what the panel's Save writes).
    public init(playground: Playground) {
        self.init(scene: playground.scene.id, strategy: playground.strategy, technique: playground.mappingOverride,
                  parallax: playground.parallaxAmount, items: playground.itemCount, reduceMotion: playground.reduceMotion,
                  reducedAmount: playground.reducedAmountFraction == 0 ? nil : playground.reducedAmountFraction)
        // Only the knobs moved from UIKit's: a preset says what it changes.
        for knob in ScrollPhysics.Knob.allCases where playground.physics[knob] != ScrollPhysics.uikit[knob] {
            knobs[knob] = playground.physics[knob]
        }
        cellLayout = playground.cellLayout
        engine = playground.physics.engine == .uikit ? nil : playground.physics.engine
        let geometry = playground.viewingGeometry
        viewingDistance = geometry.distanceCentimetres == ViewingGeometry.laptop.distanceCentimetres ? nil : geometry.distanceCentimetres
        displayDensity = geometry.pixelsPerInch == ViewingGeometry.laptop.pixelsPerInch ? nil : geometry.pixelsPerInch
    }

    /// The commands that bring a running playground to this preset (the panel's Load): every
    /// setting but the technique, which only `--technique` sets, at the start.
    public var commands: [AppCommand] {
        var commands: [AppCommand] = []
        if let scene { commands.append(.scene(scene)) }
        if let strategy { commands.append(.strategy(strategy)) }
        if let items { commands.append(.setItemCount(max(1, items))) }
        if let parallax { commands.append(.setParallax(parallax)) }
        if let reduceMotion { commands.append(.setReduceMotion(reduceMotion)) }
        // Set or back to none: loading a preset gives its reduced motion whole.
        commands.append(.setReducedAmount(reducedAmount ?? 0))
        // Every knob, set or back to UIKit's: loading a preset gives its feel whole.
        for knob in ScrollPhysics.Knob.allCases { commands.append(.setPhysics(knob, physics[knob])) }
        commands.append(.setScrollEngine(physics.engine))
        // After the scene, whose change gives the shape back to the scene's own.
        for knob in CellLayout.Knob.allCases { commands.append(.setCellLayout(knob, cellLayout[knob])) }
        if let cpuSlowdown { commands.append(.setCPUSlowdown(cpuSlowdown)) }
        if let refresh { commands.append(.setRefresh(refresh)) }
        if let viewingDistance { commands.append(.setViewingDistance(viewingDistance)) }
        if let displayDensity { commands.append(.setDisplayDensity(displayDensity)) }
        return commands
    }

    /// A name for the preset from what it holds (`photos-cached-layout-45pt-36`): the panel's
    /// Save needs no typing.
    public var suggestedName: String {
        var parts: [String] = []
        if let scene { parts.append(scene.name) }
        if let technique, let name = ParallaxMapping.byAuthor.first(where: { $0.mapping == technique })?.name { parts.append(name) }
        if let strategy { parts.append(strategy.name) }
        if let engine { parts.append(engine.rawValue) }
        if let parallax { parts.append((parallax == parallax.rounded() ? String(Int(parallax)) : String(format: "%.1f", parallax)) + "pt") }
        if let items { parts.append(String(items)) }
        if reduceMotion == true { parts.append("reduced") }
        return parts.isEmpty ? "preset" : parts.joined(separator: "-")
    }

    /// One JSON value, as decoded: a preset's values are strings, numbers and booleans.
    private enum Value: Decodable {
        case bool(Bool), number(Double), text(String), other

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .text(s) }
            else { self = .other }
        }

        var kind: String {
            switch self {
            case .bool: "true or false"
            case .number: "a number"
            case .text: "a string"
            case .other: "an object, a list or null"
            }
        }
    }

    /// Reads a preset's JSON; `source` names it in errors.
    public init(decoding data: Data, source: String) throws(PresetError) {
        let object: [String: Value]
        do {
            object = try JSONDecoder().decode([String: Value].self, from: data)
        } catch {
            throw PresetError("\(source): not a JSON object of settings (\(Self.keys.joined(separator: ", ")))")
        }
        self.init()
        for key in object.keys.sorted() {
            let value = object[key]!
            func bad(_ reason: String) -> PresetError { PresetError("\(source): \"\(key)\" \(reason)") }
            func text() throws(PresetError) -> String {
                guard case .text(let s) = value else { throw bad("must be a string, got \(value.kind)") }
                return s
            }
            func number() throws(PresetError) -> Double {
                guard case .number(let n) = value, n.isFinite else { throw bad("must be a number, got \(value.kind)") }
                return n
            }
            switch key {
            case "scene":
                let name = try text()
                guard let scene = SceneID(name: name) else { throw bad("must be one of \(SceneID.validNames), got \(Self.quoted(name))") }
                self.scene = scene
            case "strategy":
                let name = try text()
                guard let strategy = ParallaxStrategy(name: name) else {
                    throw bad("must be one of \(ParallaxStrategy.validNames), got \(Self.quoted(name))")
                }
                self.strategy = strategy
            case "technique":
                let name = try text()
                guard let found = ParallaxMapping.byAuthor.first(where: { $0.name == name }) else {
                    throw bad("must be one of \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", ")), got \(Self.quoted(name))")
                }
                technique = found.mapping
            case "parallax":
                guard case .number(let amount) = value, Playground.parallaxAmountKnob.range.contains(amount) else {
                    throw Self.outOfRange(Playground.parallaxAmountKnob, value, source: source)
                }
                parallax = amount
            case "items":
                let count = try number()
                guard count == count.rounded(), count >= 0, count <= Double(Playground.itemCountRange.upperBound) else {
                    throw bad("must be a whole number from 0 to \(Playground.itemCountRange.upperBound), got \(count)")
                }
                items = Int(count)
            case "physics":
                guard case .text(let name) = value, let found = ScrollEngineName(name: name) else {
                    throw bad("must be one of \(ScrollEngineName.allCases.map(\.rawValue).joined(separator: ", ")) (or compose), got \(value.kind == "a string" ? "another name" : value.kind)")
                }
                engine = found
            case "reduce-motion":
                guard case .bool(let on) = value else { throw bad("must be true or false, got \(value.kind)") }
                reduceMotion = on
            case RunBudget.cpuSlowdownKnob.name, RunBudget.refreshKnob.name:
                let knob = key == RunBudget.cpuSlowdownKnob.name ? RunBudget.cpuSlowdownKnob : RunBudget.refreshKnob
                let parsed: Double?? = switch value {
                case .number(let n): knob.parse(KnobDescriptor.number(n))
                case .text(let t): knob.parse(t)
                default: nil
                }
                guard let parsed else { throw Self.outOfRange(knob, value, source: source) }
                if knob == RunBudget.refreshKnob { refresh = parsed } else { cpuSlowdown = parsed }
            case ViewingGeometry.distanceKnob.name, ViewingGeometry.densityKnob.name:
                let knob = key == ViewingGeometry.distanceKnob.name ? ViewingGeometry.distanceKnob : ViewingGeometry.densityKnob
                guard case .number(let n) = value, case let parsed?? = knob.parse(KnobDescriptor.number(n)) else {
                    throw Self.outOfRange(knob, value, source: source)
                }
                if knob == ViewingGeometry.distanceKnob { viewingDistance = parsed } else { displayDensity = parsed }
            case Playground.reducedAmountKnob.name:
                guard case .number(let fraction) = value, Playground.reducedAmountKnob.range.contains(fraction) else {
                    throw Self.outOfRange(Playground.reducedAmountKnob, value, source: source)
                }
                reducedAmount = fraction
            case let name where ScrollPhysics.Knob(rawValue: name) != nil:
                let knob = ScrollPhysics.Knob(rawValue: name)!
                let parsed: Double? = switch value {
                case .number(let n): knob.parse(String(n))
                case .text(let t) where knob == .decelerationRate: knob.parse(t)
                default: nil
                }
                guard let parsed else { throw Self.outOfRange(knob.descriptor, value, source: source) }
                knobs[knob] = parsed
            case let name where CellLayout.Knob(rawValue: name) != nil:
                let knob = CellLayout.Knob(rawValue: name)!
                let parsed: Double?? = switch value {
                case .number(let n): knob.range.contains(n) ? .some(n) : nil
                case .text(let t) where t == CellLayout.Knob.sceneOwnWord: .some(nil)
                default: nil
                }
                guard let parsed else { throw Self.outOfRange(knob.descriptor, value, source: source) }
                cellLayout[knob] = parsed
            default:
                throw PresetError("\(source): unknown setting \(Self.quoted(key)) (a preset holds \(Self.keys.joined(separator: ", ")))")
            }
        }
    }

    /// The preset as JSON, keys sorted, one per line: what the panel saves.
    public func encoded() -> Data {
        var fields: [String] = []
        func add(_ key: String, _ json: String) { fields.append("  \"\(key)\": \(json)") }
        if let technique { add("technique", "\"\(ParallaxMapping.byAuthor.first { $0.mapping == technique }?.name ?? "begemann")\"") }
        if let items { add("items", String(items)) }
        if let parallax { add("parallax", parallax == parallax.rounded() ? String(Int(parallax)) : String(parallax)) }
        if let reduceMotion { add("reduce-motion", reduceMotion ? "true" : "false") }
        if let reducedAmount { add(Playground.reducedAmountKnob.name, String(reducedAmount)) }
        if let scene { add("scene", "\"\(scene.name)\"") }
        if let strategy { add("strategy", "\"\(strategy.name)\"") }
        if let engine { add("physics", "\"\(engine.rawValue)\"") }
        if let cpuSlowdown { add(RunBudget.cpuSlowdownKnob.name, KnobDescriptor.number(cpuSlowdown)) }
        if let refresh { add(RunBudget.refreshKnob.name, refresh.map(KnobDescriptor.number) ?? "\"display\"") }
        if let viewingDistance { add(ViewingGeometry.distanceKnob.name, KnobDescriptor.number(viewingDistance)) }
        if let displayDensity { add(ViewingGeometry.densityKnob.name, KnobDescriptor.number(displayDensity)) }
        for (knob, value) in knobs { add(knob.rawValue, String(value)) }
        for knob in CellLayout.Knob.allCases {
            if let value = cellLayout[knob] { add(knob.rawValue, value == value.rounded() ? String(Int(value)) : String(value)) }
        }
        return Data(("{\n" + fields.sorted().joined(separator: ",\n") + "\n}\n").utf8)
    }

    /// A knob's value it does not take: the sentence an option and a `set` line say too
    /// (`KnobDescriptor.rangeMessage`), after the file's name. A number or a string is shown
    /// as written; any other JSON value by its kind ("true or false").
    private static func outOfRange(_ knob: KnobDescriptor, _ value: Value, source: String) -> PresetError {
        let message = switch value {
        case .number(let n): knob.rangeMessage(got: KnobDescriptor.number(n))
        case .text(let t): knob.rangeMessage(got: t)
        default: knob.rangeMessage(gotDescribed: value.kind)
        }
        return PresetError("\(source): \(message)")
    }

    static func quoted(_ text: String) -> String { "'" + text.prefix(40) + (text.count > 40 ? "…" : "") + "'" }
}

public struct PresetError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
