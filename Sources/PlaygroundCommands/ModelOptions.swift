import ArgumentParser
import DesktopSettings
import ParallaxKit
import PhotoPipeline
import Presentation

/// What `--items` says of its range. A type rather than a value because an option's help is
/// fixed where the option is declared, and `export`'s web page takes fewer items than the rest.
package protocol ItemCountHelp {
    static var range: String { get }
}

/// The window's, `shot`'s, `record`'s, `trace`'s and `monkey`'s lists: up to 1,000,000 items.
package enum PlaygroundItemCountHelp: ItemCountHelp {
    package static var range: String { "0 to \(NumberFormat.count(Playground.itemCountRange.upperBound))" }
}

/// The options of every command that builds a playground but `export`.
package typealias ModelOptions = PlaygroundModelOptions<PlaygroundItemCountHelp>

/// What every command that builds a playground asks: which scene, strategy and item count.
package struct PlaygroundModelOptions<ItemCount: ItemCountHelp>: ParsableArguments {
    package init() {}

    // Optional so the window can tell a scene given from none (then the preset's, then the
    // remembered one).
    @Option(name: .customLong("scene"), help: "Scene: \(SceneID.validNames). Default: photos (the window: the last one shown).")
    package var sceneOption: SceneID?

    @Option(help: ArgumentHelp(
        "A preset: a NAME saved from the tuning panel ($XDG_CONFIG_HOME/parallax-playground/presets/NAME.json) or a FILE.json whose keys are these options' names. Options given beside it win.",
        valueName: "name|file"),
            transform: { argument in
                guard let store = PresetStore.standard() ?? (argument.contains("/") || argument.hasSuffix(".json") ? PresetStore(folder: "/") : nil) else {
                    throw ValidationError("--preset \(argument): neither XDG_CONFIG_HOME nor HOME is an absolute path, so there is no presets folder")
                }
                do { return try store.load(argument) } catch let error as PresetError { throw ValidationError(error.message) }
            })
    package var preset: Preset?

    /// `--scene`, else the preset's.
    package var sceneChoice: SceneID? {
        get { sceneOption ?? preset?.scene }
        set { sceneOption = newValue }
    }

    package var scene: SceneID {
        get { sceneChoice ?? .photos }
        set { sceneChoice = newValue }
    }

    @Option(name: .customLong("strategy"), help: "Strategy: \(ParallaxStrategy.validNames). Default: the scene's own.")
    package var strategyOption: ParallaxStrategy?

    /// `--strategy`, else the preset's.
    package var strategy: ParallaxStrategy? {
        get { strategyOption ?? preset?.strategy }
        set { strategyOption = newValue }
    }

    @Option(name: .customLong("physics"), help: ArgumentHelp("Whose scroll physics, by where it ships: \(ScrollEngineName.allCases.map { "\($0.rawValue) (\($0.shipsIn))" }.joined(separator: ", ")); compose is android. The knobs below tune uikit's. Default: uikit.", valueName: "engine"))
    package var physicsEngine: ScrollEngineName?

    // `.unconditional` so that `--items -3` reaches validation instead of reading as a flag.
    @Option(name: .customLong("items"), parsing: .unconditional,
            help: "Number of items (\(ItemCount.range)). Default: the scene's own, or one per photo with --photos.")
    package var itemsOption: Int?

    /// `--items`, else the preset's.
    package var items: Int? { itemsOption ?? preset?.items }

    @Option(name: .customLong("technique"),
            help: ArgumentHelp("Another author's mapping on this scene's list: \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", ")). Default: the scene's own.",
                               valueName: "author"),
            transform: { name in
                guard let found = ParallaxMapping.byAuthor.first(where: { $0.name == name }) else {
                    throw ValidationError("unknown technique '\(name)'; one of \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", "))")
                }
                return found.mapping
            })
    package var techniqueOption: ParallaxMapping?

    /// `--technique`, else the preset's.
    package var technique: ParallaxMapping? { techniqueOption ?? preset?.technique }

    @OptionGroup package var folder: PhotoFolderOptions

    // What reduce motion leaves of the parallax. `.unconditional` so that `--reduced-amount -1`
    // reaches validation instead of reading as a flag.
    @Option(name: .customLong(Playground.reducedAmountKnob.name), parsing: .unconditional,
            help: Playground.reducedAmountKnob.argumentHelp)
    package var reducedAmountOption: String?

    /// `--reduced-amount`, else the preset's, else none (reduce motion stops the parallax).
    package var reducedAmountFraction: Double {
        if let text = reducedAmountOption, case let fraction?? = Playground.reducedAmountKnob.parse(text) { return fraction }
        return preset?.reducedAmount ?? 0
    }

    // Where the viewer sits, for the motion meter's degrees per second (`--stats-json`).
    // `.unconditional` so that `--viewing-distance -5` reaches validation instead of reading as a flag.
    @Option(name: .customLong(ViewingGeometry.distanceKnob.name), parsing: .unconditional, help: ViewingGeometry.distanceKnob.argumentHelp)
    package var viewingDistance: String?
    @Option(name: .customLong(ViewingGeometry.densityKnob.name), parsing: .unconditional, help: ViewingGeometry.densityKnob.argumentHelp)
    package var displayDensity: String?

    private var viewingGeometryOptions: [(KnobDescriptor, String)] {
        [(ViewingGeometry.distanceKnob, viewingDistance), (ViewingGeometry.densityKnob, displayDensity)]
            .compactMap { knob, text in text.map { (knob, $0) } }
    }

    /// The laptop at 50 cm, then the preset's, then the options'.
    package var viewingGeometry: ViewingGeometry {
        var geometry = preset?.viewingGeometry ?? .laptop
        for (knob, text) in viewingGeometryOptions { if case let value?? = knob.parse(text) { geometry = geometry.setting(knob, to: value) } }
        return geometry
    }

    // The scroll view's feel and the cells' shape. Each knob's name, help and messages come
    // from its `KnobDescriptor` (ParallaxKit), which its preset key and script `set` line read
    // too; the declarations stay one by one because ArgumentParser needs each option as a
    // stored property. A new knob: one line here and its pair in `physicsOptions` or
    // `cellLayoutOptions` (`KnobTableTests` fails while either is missing).
    @Option(name: .knob(ScrollPhysics.Knob.decelerationRate), help: .knob(ScrollPhysics.Knob.decelerationRate))
    package var decelerationRate: String?
    @Option(name: .knob(ScrollPhysics.Knob.rubberBand), help: .knob(ScrollPhysics.Knob.rubberBand))
    package var rubberBand: String?
    @Option(name: .knob(ScrollPhysics.Knob.springStiffness), help: .knob(ScrollPhysics.Knob.springStiffness))
    package var springStiffness: String?
    @Option(name: .knob(ScrollPhysics.Knob.springDamping), help: .knob(ScrollPhysics.Knob.springDamping))
    package var springDamping: String?
    @Option(name: .knob(ScrollPhysics.Knob.wheelLine), help: .knob(ScrollPhysics.Knob.wheelLine))
    package var wheelLine: String?

    // `auto` is the scene's own. `.unconditional` so that `--cell-spacing -2` reaches
    // validation instead of reading as a flag.
    @Option(name: .knob(CellLayout.Knob.cellSpacing), parsing: .unconditional, help: .knob(CellLayout.Knob.cellSpacing))
    package var cellSpacing: String?
    @Option(name: .knob(CellLayout.Knob.cellHeight), parsing: .unconditional, help: .knob(CellLayout.Knob.cellHeight))
    package var cellHeight: String?
    @Option(name: .knob(CellLayout.Knob.imageOverscan), parsing: .unconditional, help: .knob(CellLayout.Knob.imageOverscan))
    package var imageOverscan: String?

    private var cellLayoutOptions: [(CellLayout.Knob, String)] {
        [(.cellSpacing, cellSpacing), (.cellHeight, cellHeight), (.imageOverscan, imageOverscan)]
            .compactMap { knob, text in text.map { (knob, $0) } }
    }

    /// Every knob the scene's own, then the preset's, then the options'.
    package var cellLayout: CellLayout {
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
    package var physics: ScrollPhysics {
        var physics = preset?.physics ?? .uikit
        for (knob, text) in physicsOptions { if let v = knob.parse(text) { physics[knob] = v } }
        if let physicsEngine { physics.engine = physicsEngine }
        return physics
    }

    package func validate() throws {
        // The sentence a `set` line and a preset say of the same value, after the "--".
        for (knob, text) in physicsOptions where knob.parse(text) == nil {
            throw ValidationError("--" + knob.descriptor.rangeMessage(got: text))
        }
        for (knob, text) in cellLayoutOptions where knob.parse(text) == nil {
            throw ValidationError("--" + knob.descriptor.rangeMessage(got: text))
        }
        for (knob, text) in viewingGeometryOptions where knob.parse(text) == nil {
            throw ValidationError("--" + knob.rangeMessage(got: text))
        }
        if let text = reducedAmountOption, Playground.reducedAmountKnob.parse(text) == nil {
            throw ValidationError("--" + Playground.reducedAmountKnob.rangeMessage(got: text))
        }
        if let items = itemsOption, items < 0 { throw ValidationError("--items must be 0 or more, got \(items)") }
        if let items = itemsOption, items > Playground.itemCountRange.upperBound {
            throw ValidationError("--items must be at most \(Playground.itemCountRange.upperBound), got \(items)")
        }
    }

    /// A playground of this scene, strategy and count in a viewport of `size`, showing the
    /// folder's photos when there is one (one item per photo unless `--items` says otherwise).
    package func makePlayground(viewportSize size: Size, reduceMotion: Bool = false, folder: PhotoFolderContents? = nil,
                        parallaxAmount: Double? = nil) -> Playground {
        Playground(settings(reduceMotion: reduceMotion, folder: folder, parallaxAmount: parallaxAmount), viewportSize: size)
    }

    /// The one value these options configure a playground with.
    package func settings(reduceMotion: Bool = false, folder: PhotoFolderContents? = nil, parallaxAmount: Double? = nil) -> PlaygroundSettings {
        var settings = PlaygroundSettings(
            scene: scene, strategy: strategy, itemCount: items, parallaxAmount: parallaxAmount ?? preset?.parallax,
            reduceMotion: reduceMotion || preset?.reduceMotion == true,
            photos: folder?.photos ?? .bundled, itemCountFollowsPhotos: folder != nil && items == nil, mapping: technique)
        settings.physics = physics
        settings.cellLayout = cellLayout
        settings.reducedAmountFraction = reducedAmountFraction
        settings.viewingGeometry = viewingGeometry
        return settings
    }
}

/// A knob's option, named and explained by its descriptor.
extension NameSpecification {
    package static func knob(_ knob: ScrollPhysics.Knob) -> NameSpecification { .customLong(knob.descriptor.name) }
    package static func knob(_ knob: CellLayout.Knob) -> NameSpecification { .customLong(knob.descriptor.name) }
}

extension ArgumentHelp {
    package static func knob(_ knob: ScrollPhysics.Knob) -> ArgumentHelp { knob.descriptor.argumentHelp }
    package static func knob(_ knob: CellLayout.Knob) -> ArgumentHelp { knob.descriptor.argumentHelp }
}

extension KnobDescriptor {
    package var argumentHelp: ArgumentHelp { ArgumentHelp(help, valueName: valueName) }
}
