/// The cells' shape, the designer's knobs beside the feel's: the gap between cells, how tall a
/// cell is, and how far its image reaches past the cell at each end. Every knob is optional:
/// nil is the scene's own (its article's constant, or the photo's own shape), so a default value
/// changes nothing and a preset says only what it changes.
///
/// Each scene reads the knobs in its own terms (`Scene.make`): the photo lists' line spacing
/// and fixed cell height, the table's gap between rows and row height, the quilt's gap around
/// tiles and block side, the album row's gap between stacks and cover side.
public struct CellLayout: Hashable, Sendable {
    /// Points between neighbouring cells; nil: the scene's own (40, 24, 0, 6, 0).
    public var spacing: Double?
    /// Points: every cell this tall (the quilt: a block's side; the albums: a cover's side);
    /// nil: the scene's own (photos and captions: each photo's own shape).
    public var cellHeight: Double?
    /// Points the image reaches past its cell at each end along the scroll axis; nil: the
    /// parallax amount, the articles' rule (an image exactly as much larger as it moves). Less
    /// than the amount lets the image's edge show inside the cell at the ends of its travel:
    /// the teaching case for why the articles tie the two.
    public var imageOverscan: Double?

    public init(spacing: Double? = nil, cellHeight: Double? = nil, imageOverscan: Double? = nil) {
        self.spacing = spacing
        self.cellHeight = cellHeight
        self.imageOverscan = imageOverscan
    }

    /// Every knob the scene's own.
    public static let sceneDefaults = CellLayout()

    /// What each knob may be: gaps from none to a quarter of a typical window; cells from a
    /// thumbnail row (40 pt) to taller than the window; overscan as far as the parallax amount
    /// may go (`Playground.largestParallaxAmount`), so any amount can be covered.
    public static let spacingRange = 0.0...200.0
    public static let cellHeightRange = 40.0...1200.0
    public static let overscanRange = 0.0...1000.0

    /// Each knob by the name of the option, preset key and script setting that sets it.
    public enum Knob: String, CaseIterable, Hashable, Sendable {
        case cellSpacing = "cell-spacing"
        case cellHeight = "cell-height"
        case imageOverscan = "image-overscan"

        /// Everything the option, the preset key, the `set` line and the panel's slider know
        /// of the knob (see `KnobDescriptor`). The sliders span the part a person tunes in.
        public var descriptor: KnobDescriptor {
            switch self {
            case .cellSpacing:
                KnobDescriptor(name: rawValue, range: CellLayout.spacingRange, unit: "points", words: [.init(Self.sceneOwnWord, nil)],
                               meaning: "Points between cells",
                               defaultValue: "the scene's own (photos 40, captions 24, table 0, quilt 6, albums 0)", valueName: "points",
                               sliderRange: 0...120, sliderFormat: "%.0f pt")
            case .cellHeight:
                KnobDescriptor(name: rawValue, range: CellLayout.cellHeightRange, unit: "points", words: [.init(Self.sceneOwnWord, nil)],
                               meaning: "Points every cell is tall (the quilt: a block's side; the albums: a cover's side)",
                               defaultValue: "the scene's own (the photo lists: each photo's shape; table 250)", valueName: "points",
                               sliderRange: 60...800, sliderFormat: "%.0f pt")
            case .imageOverscan:
                KnobDescriptor(name: rawValue, range: CellLayout.overscanRange, unit: "points", words: [.init(Self.sceneOwnWord, nil)],
                               meaning: "Points the image reaches past its cell at each end",
                               defaultValue: "the parallax amount (less shows the image's edge as it moves)", valueName: "points",
                               sliderRange: 0...240, sliderFormat: "%.0f pt")
            }
        }

        public var range: ClosedRange<Double> { descriptor.range }

        /// The word that gives the knob back to the scene.
        public static let sceneOwnWord = "auto"

        /// Reads a value: a number in the range, or `auto` for the scene's own (`.some(nil)`);
        /// nil when the text is neither.
        public func parse(_ text: String) -> Double?? {
            descriptor.parse(text)
        }
    }

    public subscript(knob: Knob) -> Double? {
        get {
            switch knob {
            case .cellSpacing: spacing
            case .cellHeight: cellHeight
            case .imageOverscan: imageOverscan
            }
        }
        set {
            // Clamped here, so no knob can make a negative gap or an unbounded frame; a
            // non-finite value gives the knob back to the scene.
            let v = newValue.flatMap { $0.isFinite ? min(max($0, knob.range.lowerBound), knob.range.upperBound) : nil }
            switch knob {
            case .cellSpacing: spacing = v
            case .cellHeight: cellHeight = v
            case .imageOverscan: imageOverscan = v
            }
        }
    }
}
