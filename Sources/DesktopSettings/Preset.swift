import FileOutput
import Foundation
import ParallaxKit
import Presentation

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

    /// Every setting of the table (`PlaygroundSetting`), by name.
    public static let keys = PlaygroundSetting.allCases.map(\.name)

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

    /// The commands that bring a running playground to this preset (the panel's Load).
    public var commands: [AppCommand] {
        var commands: [AppCommand] = []
        if let scene { commands.append(.scene(scene)) }
        if let strategy { commands.append(.strategy(strategy)) }
        // Set or back to each scene's own, after the scene (which keeps it).
        commands.append(.setTechnique(technique))
        if let items { commands.append(.setItemCount(items)) }
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
        if let parallax { parts.append(NumberFormat.amount(parallax) + "pt") }
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
            guard let setting = PlaygroundSetting(name: key) else {
                throw PresetError("\(source): unknown setting \(Self.quoted(key)) (a preset holds \(Self.keys.joined(separator: ", ")))")
            }
            // A number's setting takes a JSON number or one of its words; a choice takes its
            // word; reduce motion a boolean. Everything else is read as the table reads text.
            let value = object[key]!
            let text: String? = switch value {
            case .number(let n) where setting.knob != nil: KnobDescriptor.number(n)
            case .text(let t) where setting.knob == nil || setting.knob!.words.contains(where: { $0.text == t }): t
            case .bool(let on) where setting == .reduceMotion: on ? "on" : "off"
            default: nil
            }
            guard let command = text.flatMap(setting.command) else { throw Self.outOfRange(setting, value, source: source) }
            apply(command)
        }
    }

    /// Takes a setting's command into the preset (what `set` would do to a playground).
    public mutating func apply(_ command: AppCommand) {
        switch command {
        case .scene(let id): scene = id
        case .strategy(let chosen): strategy = chosen
        case .setTechnique(let mapping): technique = mapping
        case .setScrollEngine(let name): engine = name
        case .setParallax(let amount): parallax = amount
        case .setItemCount(let count): items = count
        case .setReduceMotion(let on): reduceMotion = on
        case .setReducedAmount(let fraction): reducedAmount = fraction
        case .setPhysics(let knob, let value): knobs[knob] = value
        case .setCellLayout(let knob, let value): cellLayout[knob] = value
        case .setViewingDistance(let centimetres): viewingDistance = centimetres
        case .setDisplayDensity(let pixelsPerInch): displayDensity = pixelsPerInch
        case .setCPUSlowdown(let rate): cpuSlowdown = rate
        case .setRefresh(let hertz): refresh = .some(hertz)
        default: break
        }
    }

    /// The preset as JSON, keys sorted, one per line: what the panel saves.
    public func encoded() -> Data {
        var fields: [String] = []
        func add(_ key: String, _ json: String) { fields.append("  \"\(key)\": \(json)") }
        if let technique { add("technique", "\"\(ParallaxMapping.byAuthor.first { $0.mapping == technique }?.name ?? "begemann")\"") }
        if let items { add("items", String(items)) }
        if let parallax { add("parallax", parallax.written()) }
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
            if let value = cellLayout[knob] { add(knob.rawValue, value.written()) }
        }
        return Data(("{\n" + fields.sorted().joined(separator: ",\n") + "\n}\n").utf8)
    }

    /// A value the setting does not take: the sentence an option and a `set` line say too
    /// (`PlaygroundSetting.rangeMessage`), after the file's name. A number or a string is
    /// shown as written; any other JSON value by its kind ("true or false").
    private static func outOfRange(_ setting: PlaygroundSetting, _ value: Value, source: String) -> PresetError {
        let message = switch value {
        case .number(let n) where setting.knob != nil: setting.rangeMessage(got: KnobDescriptor.number(n))
        case .text(let t): setting.rangeMessage(got: t)
        default: setting.rangeMessage(gotDescribed: value.kind)
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
