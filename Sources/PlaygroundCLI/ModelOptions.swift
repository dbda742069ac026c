import ArgumentParser
import DesktopSettings
import ParallaxKit
import PhotoPipeline
import Presentation

/// What `--items` says of its range. A type rather than a value because an option's help is
/// fixed where the option is declared, and `export`'s web page takes fewer items than the rest.
protocol ItemCountHelp {
    static var range: String { get }
}

/// The window's, `shot`'s, `record`'s, `trace`'s and `monkey`'s lists: up to 1,000,000 items.
enum PlaygroundItemCountHelp: ItemCountHelp {
    static var range: String { "0 to \(NumberFormat.count(Playground.itemCountRange.upperBound))" }
}

/// The options of every command that builds a playground but `export`.
typealias ModelOptions = PlaygroundModelOptions<PlaygroundItemCountHelp>

/// What every command that builds a playground asks: which scene, strategy and item count.
struct PlaygroundModelOptions<ItemCount: ItemCountHelp>: ParsableArguments {
    // Optional so the window can tell a scene given from none (then the preset's, then the
    // remembered one).
    @Option(name: .customLong("scene"), help: "Scene: \(SceneID.validNames). Default: photos (the window: the last one shown).")
    var sceneOption: SceneID?

    @Option(help: ArgumentHelp(
        "A preset: a NAME saved from the tuning panel ($XDG_CONFIG_HOME/parallax-playground/presets/NAME.json) or a FILE.json whose keys are these options' names. Options given beside it win.",
        valueName: "name|file"),
            transform: { argument in
                guard let store = PresetStore.standard() ?? (argument.contains("/") || argument.hasSuffix(".json") ? PresetStore(folder: "/") : nil) else {
                    throw ValidationError("--preset \(argument): neither XDG_CONFIG_HOME nor HOME is an absolute path, so there is no presets folder")
                }
                do { return try store.load(argument) } catch let error as PresetError { throw ValidationError(error.message) }
            })
    var preset: Preset?

    /// `--scene`, else the preset's.
    var sceneChoice: SceneID? {
        get { sceneOption ?? preset?.scene }
        set { sceneOption = newValue }
    }

    var scene: SceneID {
        get { sceneChoice ?? .photos }
        set { sceneChoice = newValue }
    }

    @Option(name: .customLong("strategy"), help: "Strategy: \(ParallaxStrategy.validNames). Default: the scene's own.")
    var strategyOption: ParallaxStrategy?

    /// `--strategy`, else the preset's.
    var strategy: ParallaxStrategy? {
        get { strategyOption ?? preset?.strategy }
        set { strategyOption = newValue }
    }

    @Option(name: .customLong("physics"), help: ArgumentHelp("Whose scroll physics: \(ScrollEngineName.allCases.map(\.rawValue).joined(separator: ", ")) (compose is android). The knobs below tune uikit's. Default: uikit.", valueName: "engine"))
    var physicsEngine: ScrollEngineName?

    // `.unconditional` so that `--items -3` reaches validation instead of reading as a flag.
    @Option(name: .customLong("items"), parsing: .unconditional,
            help: "Number of items (\(ItemCount.range)). Default: the scene's own, or one per photo with --photos.")
    var itemsOption: Int?

    /// `--items`, else the preset's.
    var items: Int? { itemsOption ?? preset?.items }

    @Option(name: .customLong("technique"),
            help: ArgumentHelp("Another seed's mapping on this scene's list: \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", ")). Default: the scene's own.",
                               valueName: "author"),
            transform: { name in
                guard let found = ParallaxMapping.byAuthor.first(where: { $0.name == name }) else {
                    throw ValidationError("unknown technique '\(name)'; one of \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", "))")
                }
                return found.mapping
            })
    var techniqueOption: ParallaxMapping?

    /// `--technique`, else the preset's.
    var technique: ParallaxMapping? { techniqueOption ?? preset?.technique }

    @OptionGroup var folder: PhotoFolderOptions

    // The scroll view's feel: each knob's option has the name its preset key and script
    // `set` line have.
    @Option(name: .customLong("deceleration-rate"), help: ArgumentHelp("Fling: \(ScrollPhysics.Knob.decelerationRate.meaning); \(ScrollPhysics.decelerationRange.lowerBound) to \(ScrollPhysics.decelerationRange.upperBound), normal or fast. Default: normal.", valueName: "rate"))
    var decelerationRate: String?
    @Option(name: .customLong("rubber-band"), help: ArgumentHelp("\(ScrollPhysics.Knob.rubberBand.meaning.prefix(1).uppercased() + ScrollPhysics.Knob.rubberBand.meaning.dropFirst()); \(ScrollPhysics.rubberBandRange.lowerBound) to \(ScrollPhysics.rubberBandRange.upperBound).", valueName: "c"))
    var rubberBand: String?
    @Option(name: .customLong("spring-stiffness"), help: ArgumentHelp("The bounce-back spring's stiffness, mass 1; \(Int(ScrollPhysics.stiffnessRange.lowerBound)) to \(Int(ScrollPhysics.stiffnessRange.upperBound)). Default: 100.", valueName: "k"))
    var springStiffness: String?
    @Option(name: .customLong("spring-damping"), help: ArgumentHelp("The spring's damping ratio (1: critical; below it rings, above it creeps); \(ScrollPhysics.dampingRange.lowerBound) to \(ScrollPhysics.dampingRange.upperBound). Default: 1.", valueName: "ratio"))
    var springDamping: String?
    @Option(name: .customLong("wheel-line"), help: ArgumentHelp("Points a wheel notch or an arrow key scrolls; \(Int(ScrollPhysics.lineLengthRange.lowerBound)) to \(Int(ScrollPhysics.lineLengthRange.upperBound)). Default: 40.", valueName: "points"))
    var wheelLine: String?

    // The cells' shape: each knob's option has the name its preset key and script `set` line
    // have; `auto` is the scene's own. `.unconditional` so that `--cell-spacing -2` reaches
    // validation instead of reading as a flag.
    @Option(name: .customLong("cell-spacing"), parsing: .unconditional, help: ArgumentHelp("Points between cells, \(Int(CellLayout.spacingRange.lowerBound)) to \(Int(CellLayout.spacingRange.upperBound)), or auto. Default: the scene's own (photos 40, captions 24, table 0, quilt 6, albums 0).", valueName: "points"))
    var cellSpacing: String?
    @Option(name: .customLong("cell-height"), parsing: .unconditional, help: ArgumentHelp("Points every cell is tall (the quilt: a block's side; the albums: a cover's side), \(Int(CellLayout.cellHeightRange.lowerBound)) to \(Int(CellLayout.cellHeightRange.upperBound)), or auto. Default: the scene's own (the photo lists: each photo's shape; table 250).", valueName: "points"))
    var cellHeight: String?
    @Option(name: .customLong("image-overscan"), parsing: .unconditional, help: ArgumentHelp("Points the image reaches past its cell at each end, \(Int(CellLayout.overscanRange.lowerBound)) to \(Int(CellLayout.overscanRange.upperBound)), or auto. Default: the parallax amount (less shows the image's edge as it moves).", valueName: "points"))
    var imageOverscan: String?

    private var cellLayoutOptions: [(CellLayout.Knob, String)] {
        [(.cellSpacing, cellSpacing), (.cellHeight, cellHeight), (.imageOverscan, imageOverscan)]
            .compactMap { knob, text in text.map { (knob, $0) } }
    }

    /// Every knob the scene's own, then the preset's, then the options'.
    var cellLayout: CellLayout {
        var layout = preset?.cellLayout ?? .sceneDefaults
        for (knob, text) in cellLayoutOptions { if let v = knob.parse(text) { layout[knob] = v } }
        return layout
    }

    /// The knobs given as options, by knob.
    private var physicsOptions: [(ScrollPhysics.Knob, String)] {
        [(.decelerationRate, decelerationRate), (.rubberBand, rubberBand), (.springStiffness, springStiffness),
         (.springDamping, springDamping), (.wheelLine, wheelLine)].compactMap { knob, text in text.map { (knob, $0) } }
    }

    /// UIKit's feel, then the preset's knobs, then the options'.
    var physics: ScrollPhysics {
        var physics = preset?.physics ?? .uikit
        for (knob, text) in physicsOptions { if let v = knob.parse(text) { physics[knob] = v } }
        if let physicsEngine { physics.engine = physicsEngine }
        return physics
    }

    func validate() throws {
        for (knob, text) in physicsOptions where knob.parse(text) == nil {
            throw ValidationError("--\(knob.rawValue) takes a number from \(knob.range.lowerBound) to \(knob.range.upperBound)\(knob == .decelerationRate ? " (or normal, fast)" : ""), got '\(text)'")
        }
        for (knob, text) in cellLayoutOptions where knob.parse(text) == nil {
            throw ValidationError("--\(knob.rawValue) takes a number of points from \(Int(knob.range.lowerBound)) to \(Int(knob.range.upperBound)) or \(CellLayout.Knob.sceneOwnWord), got '\(text)'")
        }
        if let items = itemsOption, items < 0 { throw ValidationError("--items must be 0 or more, got \(items)") }
        if let items = itemsOption, items > Playground.itemCountRange.upperBound {
            throw ValidationError("--items must be at most \(Playground.itemCountRange.upperBound), got \(items)")
        }
    }

    /// A playground of this scene, strategy and count in a viewport of `size`, showing the
    /// folder's photos when there is one (one item per photo unless `--items` says otherwise).
    func makePlayground(viewportSize size: Size, reduceMotion: Bool = false, folder: PhotoFolderContents? = nil,
                        parallaxAmount: Double? = nil) -> Playground {
        Playground(settings(reduceMotion: reduceMotion, folder: folder, parallaxAmount: parallaxAmount), viewportSize: size)
    }

    /// The one value these options configure a playground with.
    func settings(reduceMotion: Bool = false, folder: PhotoFolderContents? = nil, parallaxAmount: Double? = nil) -> PlaygroundSettings {
        var settings = PlaygroundSettings(
            scene: scene, strategy: strategy, itemCount: items, parallaxAmount: parallaxAmount ?? preset?.parallax,
            reduceMotion: reduceMotion || preset?.reduceMotion == true,
            photos: folder?.photos ?? .bundled, itemCountFollowsPhotos: folder != nil && items == nil, mapping: technique)
        settings.physics = physics
        settings.cellLayout = cellLayout
        return settings
    }
}
