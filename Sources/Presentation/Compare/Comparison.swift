import ParallaxKit

/// What compared panes differ in: everything else about them is one setting, and one input
/// drives them all.
public enum CompareAxis: String, CaseIterable, Sendable {
    /// How the shifts are computed: scroll callback, layout invalidation, cached layout, off.
    case strategy
    /// Each author's mapping on the same list (the photos layout), at its own article's amount.
    case technique
    /// Amounts of the same mapping.
    case parallax
    /// The five scenes.
    case scene
    /// The platforms' scroll engines under one hand: every pane's strategy and technique the
    /// same, only the physics different.
    case physics
    /// Full motion beside reduced motion (`full`, `reduced`): the same list with reduce motion
    /// off and on, the reduced pane at the reduced amount (`--reduced-amount`; none by
    /// default, so its images stay centred).
    case motion

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A value of the motion axis: reduce motion off, or on at the reduced amount.
public enum MotionValue: String, CaseIterable, Sendable {
    case full, reduced

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// What a pane's caption calls it.
    public var title: String {
        switch self {
        case .full: "full motion"
        case .reduced: "reduced motion"
        }
    }
}

/// An input error in a comparison: a message for the person who typed it.
public struct ComparisonError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// `--compare AXIS=A,B[,C,D,E]`: two to five panes, each showing one value of the axis.
public struct Comparison: Sendable, Equatable {
    public var axis: CompareAxis
    /// The panes' values, left to right, as typed (`cached-layout`, `kurutepe`, `45`, `quilt`).
    public var values: [String]

    /// At most five panes: at 1280 points each is still 256 wide, a phone's list and more.
    public static let paneCounts = 2...5

    public init(axis: CompareAxis, values: [String]) throws(ComparisonError) {
        guard Self.paneCounts.contains(values.count) else {
            throw ComparisonError(description: "--compare \(axis.rawValue)= needs 2 to 5 values separated by commas, got \(values.count)")
        }
        for value in values { try Self.check(value, on: axis) }
        self.axis = axis
        self.values = values
    }

    /// Parses `AXIS=A,B[,…]`.
    public init(parsing argument: String) throws(ComparisonError) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let axis = CompareAxis(rawValue: parts[0]) else {
            throw ComparisonError(description: "--compare takes AXIS=A,B[,C,D,E] with AXIS one of \(CompareAxis.validNames), e.g. strategy=layout-invalidation,cached-layout")
        }
        let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard values.allSatisfy({ !$0.isEmpty }) else {
            throw ComparisonError(description: "--compare \(axis.rawValue)=: an empty value in '\(parts[1])'")
        }
        try self.init(axis: axis, values: values)
    }

    /// The argument that parses back to this comparison.
    public var argument: String { "\(axis.rawValue)=" + values.joined(separator: ",") }

    /// Each axis but motion is a setting of the table (`PlaygroundSetting`, of the axis's
    /// name): its values are the setting's, refused with its one sentence.
    private static func check(_ value: String, on axis: CompareAxis) throws(ComparisonError) {
        if let setting = PlaygroundSetting(name: axis.rawValue) {
            guard setting.command(value) != nil else {
                throw ComparisonError(description: "--compare \(axis.rawValue)=: " + setting.rangeMessage(got: value))
            }
        } else if axis == .motion, MotionValue(rawValue: value) == nil {
            throw ComparisonError(description: "--compare: unknown motion '\(value)'; one of \(MotionValue.validNames)")
        }
    }

    /// Pane `k`'s settings: `base` with the axis set to the pane's value. A technique pane
    /// shows the photos layout with that author's mapping at that article's amount (unless `base`
    /// sets one amount for all).
    public func settings(ofPane k: Int, base: PlaygroundSettings) -> PlaygroundSettings {
        Self.apply(values[k], of: axis, to: base)
    }

    static func apply(_ value: String, of axis: CompareAxis, to base: PlaygroundSettings) -> PlaygroundSettings {
        var settings = base
        switch axis {
        case .strategy: settings.strategy = ParallaxStrategy(rawValue: value)
        case .scene: settings.scene = SceneID(rawValue: value) ?? base.scene
        case .parallax: settings.parallaxAmount = Double(value)
        case .physics: settings.physics.engine = ScrollEngineName(name: value) ?? base.physics.engine
        case .motion: settings.reduceMotion = MotionValue(rawValue: value) == .reduced
        case .technique:
            guard let technique = ParallaxMapping.byAuthor.first(where: { $0.name == value }) else { break }
            settings.scene = .photos
            settings.mapping = technique.mapping
            // Jensen's amount is the album covers' padding (181 pt), a horizontal slide of a back
            // layer; on a photo cell it would be an overscan far past the others': his rule runs
            // at the photos list's own amount instead.
            let amountScene = technique.mapping == .jensen ? SceneID.photos : technique.scene
            settings.parallaxAmount = base.parallaxAmount ?? Scene.make(amountScene).defaultParallaxAmount
        }
        return settings
    }

    /// What pane `k`'s caption calls its value.
    public func caption(ofPane k: Int) -> String { Self.caption(values[k], of: axis) }

    static func caption(_ value: String, of axis: CompareAxis) -> String {
        switch axis {
        case .strategy: return ParallaxStrategy(rawValue: value)?.title ?? value
        case .scene: return SceneID(rawValue: value).map { Scene.make($0).title } ?? value
        case .parallax: return "parallax \(value) pt"
        case .physics: return ScrollEngineName(name: value)?.title ?? value
        case .motion: return MotionValue(rawValue: value)?.title ?? value
        case .technique:
            return value.prefix(1).uppercased() + value.dropFirst()
        }
    }

    /// Every value the axis takes, in the order a click on a caption steps through them; for
    /// amounts, steps of the scene's default (none, half, the default, one and a half, double).
    public static func choices(on axis: CompareAxis, defaultAmount: Double) -> [String] {
        switch axis {
        case .strategy: return ParallaxStrategy.allCases.map(\.rawValue)
        case .scene: return SceneID.allCases.map(\.rawValue)
        case .technique: return ParallaxMapping.byAuthor.map(\.name)
        case .parallax: return [0, 0.5, 1, 1.5, 2].map { NumberFormat.amount($0 * defaultAmount) }
        case .physics: return ScrollEngineName.allCases.map(\.rawValue)
        case .motion: return MotionValue.allCases.map(\.rawValue)
        }
    }

    /// The value after `value` among the axis's choices (wrapping), for the pane picker.
    public static func next(after value: String, on axis: CompareAxis, defaultAmount: Double) -> String {
        let all = choices(on: axis, defaultAmount: defaultAmount)
        guard let i = all.firstIndex(of: value) else { return all[0] }
        return all[(i + 1) % all.count]
    }

    /// The engines the C key compares: five platforms as their users feel them, Chrome's by its
    /// desktop curve (Flutter's Android clamping physics and ChromeOS's FlingCurve are a caption
    /// click away).
    public static let cycledEngines: [ScrollEngineName] = [.uikit, .android, .flutterIOS, .chromeDesktop, .gtk]

    /// Pane `k` stepped to its axis's next value that no other pane shows, or, when every value
    /// is shown, trading values with the pane showing the next; with the panes whose value
    /// changed. nil when nothing can change (one value, or pane `k` out of range).
    public func steppingPane(_ k: Int, defaultAmount: Double) -> (comparison: Comparison, changed: [Int])? {
        guard values.indices.contains(k) else { return nil }
        let value = values[k]
        let others = Set(values.indices.filter { $0 != k }.map { values[$0] })
        var stepped = values
        var candidate = value
        for _ in Self.choices(on: axis, defaultAmount: defaultAmount).indices {
            candidate = Self.next(after: candidate, on: axis, defaultAmount: defaultAmount)
            if candidate == value { break }
            if !others.contains(candidate) {
                stepped[k] = candidate
                return (try? Comparison(axis: axis, values: stepped)).map { ($0, [k]) }
            }
        }
        // Every other value is shown: trade with the pane showing the next one.
        let next = Self.next(after: value, on: axis, defaultAmount: defaultAmount)
        guard next != value, let j = values.firstIndex(of: next), j != k else { return nil }
        stepped[j] = value
        stepped[k] = next
        return (try? Comparison(axis: axis, values: stepped)).map { ($0, [min(j, k), max(j, k)]) }
    }

    /// Puts a pane's compared `value` back into its `playground` after a key's `command`
    /// changed it (each pane keeps its own); true if it had to.
    public func restore(_ value: String, in playground: Playground, after command: AppCommand) -> Bool {
        switch (axis, command) {
        case (.strategy, .strategy):
            if let strategy = ParallaxStrategy(rawValue: value) { playground.setStrategy(strategy) }
            return true
        case (.scene, .scene), (.scene, .nextScene), (.scene, .previousScene),
             (.technique, .scene), (.technique, .nextScene), (.technique, .previousScene):
            let scene = axis == .scene ? SceneID(rawValue: value) ?? .photos : .photos
            let amount = playground.parallaxAmount
            playground.setScene(scene)
            if axis == .technique { playground.setParallaxAmount(amount) }
            return true
        case (.technique, .setTechnique):
            playground.setMapping(Self.apply(value, of: .technique, to: PlaygroundSettings()).mapping)
            return true
        case (.technique, .resetToDefaults):
            // Each technique's pane back to its own article's amount, not the photos list's.
            if let amount = Self.apply(value, of: .technique, to: PlaygroundSettings()).parallaxAmount {
                playground.setParallaxAmount(amount)
            }
            return true
        case (.strategy, .resetToDefaults):
            if let strategy = ParallaxStrategy(rawValue: value) { playground.setStrategy(strategy) }
            return true
        case (.physics, .setScrollEngine):
            if let engine = ScrollEngineName(name: value) { playground.apply(.setScrollEngine(engine)) }
            return true
        case (.motion, .toggleReduceMotion), (.motion, .setReduceMotion), (.motion, .resetToDefaults):
            playground.setReduceMotion(MotionValue(rawValue: value) == .reduced)
            return true
        case (.parallax, .adjustParallax), (.parallax, .setParallax), (.parallax, .resetToDefaults):
            if let amount = Double(value) { playground.setParallaxAmount(amount) }
            return true
        default:
            return false
        }
    }

    /// What the C key steps through: no comparison, then the strategies, the techniques, the
    /// amounts of the current scene, five platforms' physics and full beside reduced motion,
    /// each with every value of its axis (five of the seven engines).
    public static func cycle(after current: Comparison?, defaultAmount: Double) -> Comparison? {
        let order: [CompareAxis] = [.strategy, .technique, .parallax, .physics, .motion]
        let nextAxis: CompareAxis?
        if let current, let i = order.firstIndex(of: current.axis) {
            nextAxis = i + 1 < order.count ? order[i + 1] : nil
        } else {
            nextAxis = current == nil ? order[0] : nil
        }
        guard let nextAxis else { return nil }
        let values = nextAxis == .physics ? cycledEngines.map(\.rawValue) : choices(on: nextAxis, defaultAmount: defaultAmount)
        return try? Comparison(axis: nextAxis, values: values)
    }
}
