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

    // Every setting of the table (`PlaygroundSetting`) is an option of its name, taken as text
    // and read by the table, which says its one sentence of a value it does not take (the
    // choices name their words for the shell's completions, as text options have none); the
    // declarations stay one by one because ArgumentParser needs each option as a stored
    // property. A new setting: one line here and its pair in `givenSettings` (`KnobTableTests`
    // fails while either is missing). `.unconditional` so that `--items -3` reaches the table
    // instead of reading as a flag.

    // Optional so the window can tell a scene given from none (then the preset's, then the
    // remembered one).
    @Option(name: .customLong("scene"), help: ArgumentHelp("Scene: \(SceneID.validNames). Default: photos (the window: the last one shown).", valueName: "scene"),
            completion: .list(SceneID.allCases.map(\.name)))
    package var sceneText: String?

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

    @Option(name: .customLong("strategy"), help: ArgumentHelp("Strategy: \(ParallaxStrategy.validNames). Default: the scene's own.", valueName: "strategy"),
            completion: .list(ParallaxStrategy.allCases.map(\.name)))
    package var strategyText: String?

    @Option(name: .customLong("physics"), help: ArgumentHelp("Whose scroll physics, by where it ships: \(ScrollEngineName.allCases.map { "\($0.rawValue) (\($0.shipsIn))" }.joined(separator: ", ")); compose is android. The knobs below tune uikit's. Default: uikit.", valueName: "engine"),
            completion: .list(ScrollEngineName.allValueStrings))
    package var physicsText: String?

    @Option(name: .customLong("items"), parsing: .unconditional,
            help: ArgumentHelp("Number of items (\(ItemCount.range)). Default: the scene's own, or one per photo with --photos.", valueName: "items"))
    package var itemsText: String?

    @Option(name: .customLong("technique"),
            help: ArgumentHelp("Another author's mapping on this scene's list: \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", ")). Default: the scene's own.",
                               valueName: "author"), completion: .list(ParallaxMapping.byAuthor.map(\.name)))
    package var techniqueText: String?

    @Option(name: .customLong(Playground.parallaxAmountKnob.name), parsing: .unconditional, help: Playground.parallaxAmountKnob.argumentHelp)
    package var parallaxText: String?

    @Option(help: "A folder of photos to show instead of the bundled ones (JPEG, PNG, WebP, TIFF, GIF, HEIC/AVIF where libvips reads them); each item shows one photo, in its own shape.")
    package var photos: String?

    @Flag(help: "With --photos: also the photos in its subfolders.")
    package var recursive = false

    @Option(help: "With --photos: order by file 'name' (natural: IMG_2 before IMG_10) or by 'date' taken (EXIF, else the file's time).")
    package var sort: PhotoSortOrder = .name

    /// `--photos`, `--recursive` and `--sort` together. They are options of this group, not a
    /// group nested in it, for the reason `DisplayOptions` gives: the debug `trace` spent
    /// 0.55 s of CPU refusing an option with them nested, 0.38 s without.
    package var folder: PhotoFolderOptions {
        get { PhotoFolderOptions(photos: photos, recursive: recursive, sort: sort) }
        set { (photos, recursive, sort) = (newValue.photos, newValue.recursive, newValue.sort) }
    }

    @Flag(name: .customLong("reduce-motion"),
          help: "Reduce motion on: the parallax runs at --reduced-amount (none by default: images centred). The window: on by default when GNOME's enable-animations is false.")
    package var reduceMotionFlag = false

    // What reduce motion leaves of the parallax.
    @Option(name: .customLong(Playground.reducedAmountKnob.name), parsing: .unconditional,
            help: Playground.reducedAmountKnob.argumentHelp)
    package var reducedAmountOption: String?

    // Where the viewer sits, for the motion meter's degrees per second (`--stats-json`).
    @Option(name: .customLong(ViewingGeometry.distanceKnob.name), parsing: .unconditional, help: ViewingGeometry.distanceKnob.argumentHelp)
    package var viewingDistance: String?
    @Option(name: .customLong(ViewingGeometry.densityKnob.name), parsing: .unconditional, help: ViewingGeometry.densityKnob.argumentHelp)
    package var displayDensity: String?

    // The scroll view's feel and the cells' shape (`auto` is the scene's own).
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
    @Option(name: .knob(CellLayout.Knob.cellSpacing), parsing: .unconditional, help: .knob(CellLayout.Knob.cellSpacing))
    package var cellSpacing: String?
    @Option(name: .knob(CellLayout.Knob.cellHeight), parsing: .unconditional, help: .knob(CellLayout.Knob.cellHeight))
    package var cellHeight: String?
    @Option(name: .knob(CellLayout.Knob.imageOverscan), parsing: .unconditional, help: .knob(CellLayout.Knob.imageOverscan))
    package var imageOverscan: String?

    /// The settings given as options, as written, in the table's order. (`cpu-slowdown` and
    /// `refresh` are the run's, `FrameBudgetOptions`' on the window and `record`.)
    package var givenSettings: [(PlaygroundSetting, String)] {
        let options: [(PlaygroundSetting, String?)] = [
            (.scene, sceneText), (.strategy, strategyText), (.technique, techniqueText), (.physics, physicsText),
            (.parallax, parallaxText), (.items, itemsText), (.reducedAmount, reducedAmountOption),
            (.feel(.decelerationRate), decelerationRate), (.feel(.rubberBand), rubberBand), (.feel(.springStiffness), springStiffness),
            (.feel(.springDamping), springDamping), (.feel(.wheelLine), wheelLine),
            (.cells(.cellSpacing), cellSpacing), (.cells(.cellHeight), cellHeight), (.cells(.imageOverscan), imageOverscan),
            (.viewingDistance, viewingDistance), (.displayDensity, displayDensity),
        ]
        return options.compactMap { setting, text in text.map { (setting, $0) } }
    }

    /// The options alone, as a preset: what each given option's command sets.
    package var optionsGiven: Preset { applyingOptions(to: Preset()) }

    /// The preset with the options over it: every setting these options choose.
    package var chosen: Preset { applyingOptions(to: preset ?? Preset()) }

    private func applyingOptions(to start: Preset) -> Preset {
        var chosen = start
        for (setting, text) in givenSettings { if let command = setting.command(text) { chosen.apply(command) } }
        if reduceMotionFlag { chosen.reduceMotion = true }
        return chosen
    }

    /// `--scene` alone (the window fills it from the remembered settings).
    package var sceneOption: SceneID? {
        get { optionsGiven.scene }
        set { sceneText = newValue?.name }
    }

    /// `--scene`, else the preset's.
    package var sceneChoice: SceneID? {
        get { sceneOption ?? preset?.scene }
        set { sceneOption = newValue }
    }

    package var scene: SceneID {
        get { sceneChoice ?? .photos }
        set { sceneChoice = newValue }
    }

    /// `--strategy` alone (export falls back to the window's last choice without it).
    package var strategyOption: ParallaxStrategy? { optionsGiven.strategy }

    /// `--strategy`, else the preset's.
    package var strategy: ParallaxStrategy? {
        get { chosen.strategy }
        set { strategyText = newValue?.name }
    }

    /// `--physics` alone.
    package var physicsEngine: ScrollEngineName? {
        get { optionsGiven.engine }
        set { physicsText = newValue?.rawValue }
    }

    /// `--items` alone.
    package var itemsOption: Int? { optionsGiven.items }

    /// `--items`, else the preset's.
    package var items: Int? { chosen.items }

    /// `--technique` alone.
    package var techniqueOption: ParallaxMapping? { optionsGiven.technique }

    /// `--technique`, else the preset's.
    package var technique: ParallaxMapping? { chosen.technique }

    /// `--parallax`, else the preset's.
    package var parallax: Double? { chosen.parallax }

    /// `--reduced-amount`, else the preset's, else none (reduce motion stops the parallax).
    package var reducedAmountFraction: Double { chosen.reducedAmount ?? 0 }

    /// The laptop at 50 cm, then the preset's, then the options'.
    package var viewingGeometry: ViewingGeometry { chosen.viewingGeometry }

    /// Every knob the scene's own, then the preset's, then the options'.
    package var cellLayout: CellLayout { chosen.cellLayout }

    /// UIKit's feel, then the preset's knobs, then the options'.
    package var physics: ScrollPhysics { chosen.physics }

    package func validate() throws {
        // The sentence a `set` line and a preset say of the same value, after the "--".
        for (setting, text) in givenSettings where setting.command(text) == nil {
            throw ValidationError("--" + setting.rangeMessage(got: text))
        }
    }

    /// A playground of this scene, strategy and count in a viewport of `size`, showing the
    /// folder's photos when there is one (one item per photo unless `--items` says otherwise).
    package func makePlayground(viewportSize size: Size, reduceMotion: Bool = false, folder: PhotoFolderContents? = nil) -> Playground {
        Playground(settings(reduceMotion: reduceMotion, folder: folder), viewportSize: size)
    }

    /// The one value these options configure a playground with.
    package func settings(reduceMotion: Bool = false, folder: PhotoFolderContents? = nil) -> PlaygroundSettings {
        let chosen = self.chosen
        var settings = PlaygroundSettings(
            scene: scene, strategy: chosen.strategy, itemCount: chosen.items, parallaxAmount: chosen.parallax,
            reduceMotion: reduceMotion || chosen.reduceMotion == true,
            photos: folder?.photos ?? .bundled, itemCountFollowsPhotos: folder != nil && chosen.items == nil, mapping: chosen.technique)
        settings.physics = chosen.physics
        settings.cellLayout = chosen.cellLayout
        settings.reducedAmountFraction = chosen.reducedAmount ?? 0
        settings.viewingGeometry = chosen.viewingGeometry
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
