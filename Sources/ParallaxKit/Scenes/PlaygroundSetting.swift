/// Every setting a playground takes, as one table: its name (the command-line option's long
/// name, the preset's key and the `set` line's setting), what it takes, how its text is read
/// into the command that applies it, and the one sentence said of a value it does not take.
/// Every command's options (`ModelOptions`), presets (`Preset`), a script's `set` lines
/// (`ScriptSetting`) and the panel read it, so a name, a range or a word cannot differ
/// between them.
///
/// A number's setting reads its `KnobDescriptor`; a choice's (scene, strategy, technique,
/// physics, reduce motion) lists its words, each with its command.
public enum PlaygroundSetting: Hashable, Sendable, CaseIterable {
    case scene, strategy, technique, physics, parallax, items, reduceMotion, reducedAmount
    /// A constant of the scroll view's feel.
    case feel(ScrollPhysics.Knob)
    /// A knob of the cells' shape.
    case cells(CellLayout.Knob)
    /// The motion meter's viewing geometry.
    case viewingDistance, displayDensity
    /// The run's frame budget (`RunBudget`): the window's and `record`'s, not the model's.
    case cpuSlowdown, refresh

    public static let allCases: [PlaygroundSetting] =
        [.scene, .strategy, .technique, .physics, .parallax, .items, .reduceMotion, .reducedAmount]
        + ScrollPhysics.Knob.allCases.map(Self.feel) + CellLayout.Knob.allCases.map(Self.cells)
        + [.viewingDistance, .displayDensity, .cpuSlowdown, .refresh]

    /// The setting of this name, or nil.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The knob a number's setting reads; nil for a choice.
    public var knob: KnobDescriptor? {
        switch self {
        case .parallax: Playground.parallaxAmountKnob
        case .items: Playground.itemCountKnob
        case .reducedAmount: Playground.reducedAmountKnob
        case .feel(let knob): knob.descriptor
        case .cells(let knob): knob.descriptor
        case .viewingDistance: ViewingGeometry.distanceKnob
        case .displayDensity: ViewingGeometry.densityKnob
        case .cpuSlowdown: RunBudget.cpuSlowdownKnob
        case .refresh: RunBudget.refreshKnob
        case .scene, .strategy, .technique, .physics, .reduceMotion: nil
        }
    }

    /// A choice's words, in the order the sentence lists them, each with its command; empty
    /// for a number's setting.
    public var choices: [(word: String, command: AppCommand)] {
        switch self {
        case .scene: SceneID.allCases.map { ($0.name, .scene($0)) }
        case .strategy: ParallaxStrategy.allCases.map { ($0.name, .strategy($0)) }
        case .technique: ParallaxMapping.byAuthor.map { ($0.name, .setTechnique($0.mapping)) }
        case .physics:
            ScrollEngineName.allCases.map { ($0.rawValue, .setScrollEngine($0)) }
                + ScrollEngineName.aliases.sorted { $0.key < $1.key }.map { ($0.key, .setScrollEngine($0.value)) }
        case .reduceMotion: [("on", .setReduceMotion(true)), ("off", .setReduceMotion(false))]
        default: []
        }
    }

    public var name: String {
        switch self {
        case .scene: "scene"
        case .strategy: "strategy"
        case .technique: "technique"
        case .physics: "physics"
        case .reduceMotion: "reduce-motion"
        default: knob?.name ?? ""
        }
    }

    /// The value's name in `set` lines' help and `--help` (`scene NAME`, `parallax POINTS`).
    public var valueName: String {
        switch self {
        case .scene, .strategy: "NAME"
        case .technique: "AUTHOR"
        case .physics: "ENGINE"
        case .reduceMotion: "on|off"
        default: ([knob?.valueName.uppercased() ?? ""] + (knob?.words.map(\.text) ?? [])).joined(separator: "|")
        }
    }

    /// What it takes, in words: the knob's range ("a number from 0 to 1 or auto"), or a
    /// choice's words ("one of photos, captions, table, quilt or albums").
    public var accepts: String {
        if let knob { return knob.accepts }
        let words = choices.map(\.word)
        if words.count == 2 { return words[0] + " or " + words[1] }
        return "one of " + words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The one sentence every place says of a value the setting does not take: an option
    /// after "--", a `set` line as it is, a preset after its file's name. `got` is quoted and
    /// cut at 40 characters.
    public func rangeMessage(got: String) -> String {
        KnobDescriptor.sentence(name: name, accepts: accepts, got: KnobDescriptor.quoted(got))
    }

    /// The same sentence for a value that is no text at all (a preset's `true`), described.
    public func rangeMessage(gotDescribed got: String) -> String {
        KnobDescriptor.sentence(name: name, accepts: accepts, got: got)
    }

    /// The command `text` gives, or nil when the setting does not take it.
    public func command(_ text: String) -> AppCommand? {
        guard let knob else { return choices.first { $0.word == text }?.command }
        guard let value = knob.parse(text) else { return nil }
        switch self {
        case .parallax: return value.map(AppCommand.setParallax)
        case .items: return value.map { .setItemCount($0.clampedInteger(Int.self)) }
        case .reducedAmount: return value.map(AppCommand.setReducedAmount)
        case .feel(let knob): return value.map { .setPhysics(knob, $0) }
        case .cells(let knob): return .setCellLayout(knob, value)
        case .viewingDistance: return value.map(AppCommand.setViewingDistance)
        case .displayDensity: return value.map(AppCommand.setDisplayDensity)
        case .cpuSlowdown: return value.map(AppCommand.setCPUSlowdown)
        case .refresh: return .setRefresh(value)
        case .scene, .strategy, .technique, .physics, .reduceMotion: return nil
        }
    }
}
