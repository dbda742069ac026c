/// One tuning knob as every place that reads or shows it sees it: the command-line option,
/// the preset key and the script's `set` line share its name, its range, how its text is read
/// and the one sentence said when a value is out of it; the panel's slider takes its range and
/// format from here too. One table (`ScrollPhysics.Knob.descriptor`, `CellLayout.Knob.descriptor`)
/// so that adding a knob, or changing a range, cannot leave one of those places behind.
public struct KnobDescriptor: Hashable, Sendable {
    /// A word a knob takes besides a number: `normal` (0.998), `auto` (nil: the scene's own).
    public struct Word: Hashable, Sendable {
        public var text: String
        public var value: Double?
        public init(_ text: String, _ value: Double?) {
            self.text = text
            self.value = value
        }
    }

    /// The option's long name, the preset's key and the `set` line's setting.
    public var name: String
    /// Every value the model takes (it clamps to this too).
    public var range: ClosedRange<Double>
    /// "points", or nil for a plain number.
    public var unit: String?
    /// The words taken besides a number, in the order the messages list them.
    public var words: [Word]
    /// What the knob is, for the option's help: a phrase starting with a capital.
    public var meaning: String
    /// What it is when nobody sets it, for the option's help.
    public var defaultValue: String
    /// The option's value name in `--help` (`--rubber-band <c>`).
    public var valueName: String
    /// The panel slider's ends: the part a person tunes in, narrower than `range` where the
    /// rest feels alike (options, presets and `set` still take the whole range).
    public var sliderRange: ClosedRange<Double>
    /// The slider's printf format.
    public var sliderFormat: String
    /// Whether the slider moves along a logarithmic scale (a range over two decades).
    public var sliderIsLogarithmic: Bool
    /// Whether only whole numbers are taken (a count).
    public var isWholeNumber: Bool

    public init(name: String, range: ClosedRange<Double>, unit: String? = nil, words: [Word] = [], meaning: String,
                defaultValue: String, valueName: String, sliderRange: ClosedRange<Double>, sliderFormat: String,
                sliderIsLogarithmic: Bool = false, isWholeNumber: Bool = false) {
        self.isWholeNumber = isWholeNumber
        self.name = name
        self.range = range
        self.unit = unit
        self.words = words
        self.meaning = meaning
        self.defaultValue = defaultValue
        self.valueName = valueName
        self.sliderRange = sliderRange
        self.sliderFormat = sliderFormat
        self.sliderIsLogarithmic = sliderIsLogarithmic
    }

    /// Reads a value: a finite number in the range, or one of the words; `.some(nil)` is a word
    /// meaning "not set" (`auto`), nil is text that is neither.
    public func parse(_ text: String) -> Double?? {
        if let word = words.first(where: { $0.text == text }) { return .some(word.value) }
        guard let v = Double(text), v.isFinite, range.contains(v), !isWholeNumber || v == v.rounded() else { return nil }
        return .some(v)
    }

    /// What the knob takes, the words included: "a number from 40 to 1200 points or auto",
    /// "a number from 0.9 to 0.9999, normal or fast" (an "or" only before the last, so no word
    /// reads as part of the range).
    public var accepts: String {
        let number = (isWholeNumber ? "a whole number" : "a number") + " from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))" + (unit.map { " " + $0 } ?? "")
        let choices = [number] + words.map(\.text)
        return choices.count == 1 ? number : choices.dropLast().joined(separator: ", ") + " or " + choices.last!
    }

    /// The one sentence every place says of a value the knob does not take: the option's
    /// validation (after "--"), the `set` line's problem and the preset's error (after the
    /// file's name). `got` is the value as written; it is quoted and cut at 40 characters so a
    /// pasted blob cannot flood the message.
    public func rangeMessage(got: String) -> String {
        Self.sentence(name: name, accepts: accepts, got: Self.quoted(got))
    }

    /// The same sentence for a value that is no text at all (a preset's `true`): `got` says
    /// what it was instead, unquoted ("true or false").
    public func rangeMessage(gotDescribed got: String) -> String {
        Self.sentence(name: name, accepts: accepts, got: got)
    }

    /// The one sentence of a setting, a knob's or a choice's (`PlaygroundSetting`).
    static func sentence(name: String, accepts: String, got: String) -> String { "\(name) takes \(accepts), got \(got)" }

    /// A value as written, quoted and cut at 40 characters.
    static func quoted(_ text: String) -> String { "'" + text.prefix(40) + (text.count > 40 ? "…" : "") + "'" }

    /// The option's help: what the knob is, what it takes, and its default.
    public var help: String { "\(meaning); \(accepts). Default: \(defaultValue)." }

    /// A bound as a person writes it: 2000 rather than 2000.0, 0.9999 as it is.
    public static func number(_ value: Double) -> String { value.written() }
}

extension Playground {
    /// The parallax amount as a knob: `--parallax` (shot, record, export), the preset's
    /// `parallax`, the script's `set parallax` and `--compare parallax=` values read it and
    /// say its one sentence; the panel's slider shows it in `sliderFormat`. The slider goes to
    /// four times the scene's default instead (`TuningPanel.parallaxRange`: the table's 70 pt
    /// reaches 280), so `sliderRange` here is only the usual span.
    public static let parallaxAmountKnob = KnobDescriptor(
        name: "parallax", range: 0...largestParallaxAmount, unit: "points",
        meaning: "Parallax amount: how far an image may shift inside its cell", defaultValue: "the scene's own",
        valueName: "points", sliderRange: 0...120, sliderFormat: "%.1f pt")

    /// The item count as a setting: `--items`, the preset's `items` and `set items` read it.
    /// 0 is an empty list where a playground is built (`--items 0`); a running one, whose
    /// keys `[` and `]` stay within `itemCountRange`, keeps at least one (`set items 0`: 1).
    public static let itemCountKnob = KnobDescriptor(
        name: "items", range: 0...Double(itemCountRange.upperBound),
        meaning: "Number of items", defaultValue: "the scene's own, or one per photo with --photos",
        valueName: "items", sliderRange: 1...Double(itemCountRange.upperBound), sliderFormat: "%.0f",
        sliderIsLogarithmic: true, isWholeNumber: true)
}

extension Playground {
    /// How much parallax is left while reduce motion is on, as a fraction of the tuned amount:
    /// `--reduced-amount` on every command that builds a playground, the preset's
    /// `reduced-amount`, `set reduced-amount` and the panel's slider read it and say its one
    /// sentence. 0 (the default) is WCAG's own example: motion off, images centred. A fraction,
    /// not points, so that it follows the amount (each scene's own, the slider, `+`/`−`) and
    /// can never pass it: the reduced shift stays within the tuned amount's range and the
    /// image's overscan, which the tuned amount sets, still covers the cell.
    public static let reducedAmountKnob = KnobDescriptor(
        name: "reduced-amount", range: 0...1,
        meaning: "Parallax left under reduce motion, as a fraction of the parallax amount (0: none, images centred; 0.2: a fifth)",
        defaultValue: "0", valueName: "fraction", sliderRange: 0...1, sliderFormat: "%.2f of the amount")
}
