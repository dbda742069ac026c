import ArgumentParser
import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// `parallax-playground shot`: one frame rendered without a display, saved as PNG.
struct ShotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shot",
        abstract: "Render one frame without a display (software renderer) and save it as PNG.",
        discussion: "The scene is scrolled to --offset, or, with --script, replayed at 60 fps until the script ends and the list rests."
    )

    @OptionGroup var display: DisplayOptions

    @Option(parsing: .unconditional, help: "Content offset along the scene's axis, in points (clamped to the content).")
    var offset: Double = 0

    @Option(help: "The PNG file to write.")
    var out: String

    @Option(parsing: .unconditional, help: "Parallax amount in points, 0 to \(Int(ShotCommand.largestParallax)). Default: the scene's own.")
    var parallax: Double?

    /// Longest wait for the visible photos' decodes: minutes of 100-megapixel files on one
    /// core, and still an end for a decoder that hangs.
    static let decodeTimeout = 300.0

    /// Past a few hundred points the image is stretched so far that a cell shows one colour.
    static let largestParallax = 1000.0

    @Flag(help: "Draw cell and image outlines (the D key).")
    var debugOutlines = false

    @Flag(help: "Draw the help panel (the H key).")
    var helpPanel = false

    func validate() throws {
        guard offset.isFinite else { throw ValidationError("--offset must be a number") }
        if let parallax, !(parallax >= 0 && parallax <= Self.largestParallax) {
            throw ValidationError("--parallax must be from 0 to \(Int(Self.largestParallax)) points")
        }
    }

    func run() throws {
        let script = try display.script.map(loadScript)
        let resources = try locateResources(display.resources)
        let folder = try display.model.folder.load()
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: display.font) } catch { throw InputError(message: "\(error)") }
        do {
            let video = try SDLVideo(driver: .headless)
            let window = try Window(video: video, title: "Parallax Playground", size: display.size.size)
            let renderer = try Renderer(window: window, vsync: false)
            // No fade: a file shows every photo whole.
            let images = try loadImages(renderer: renderer, resources: resources, folder: folder,
                                        cacheMegabytes: display.cacheMegabytes, fadeSeconds: 0)
            let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
            let executor = DrawListExecutor(renderer: renderer, images: images, text: text)
            let playground = display.model.makePlayground(viewportSize: renderer.viewport.size, folder: folder)
            if let parallax { playground.setParallaxAmount(parallax) }
            let list = ShotCommand.frame(of: playground, offset: offset, script: script, debugOutlines: debugOutlines, help: helpPanel)
            // The same command gives the same pixels: wait for every visible photo and cover
            // at the size its cell needs, however long this machine takes to decode them.
            let visible = PhotoDemand().needs(of: playground, drawList: list).filter { $0.urgency == .visible }
            for (pipeline, needs) in [(images.pipeline, visible), (images.coverPipeline, PhotoDemand().coverNeeds(drawList: list))] {
                if let pipeline, !pipeline.loadAll(needs, scale: renderer.scale, timeout: Self.decodeTimeout) {
                    printError("the images were not all decoded within \(Int(Self.decodeTimeout)) s; the shot shows placeholders")
                }
            }
            renderer.clear(SceneRenderer.Palette.background)
            let stats = executor.execute(list)
            if let error = stats.lastError { printError("\(stats.failed) drawing command(s) failed; the last: \(error)") }
            try renderer.savePNG(path: out)
            print(out)
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }

    /// The draw list of the frame to save: the last frame of the script's replay, or one frame
    /// scrolled to `offset`.
    static func frame(of playground: Playground, offset: Double, script: Script?, debugOutlines: Bool, help: Bool) -> DrawList {
        let sceneRenderer = SceneRenderer(showsDebugOutlines: debugOutlines)
        let draw = { (_: FrameReport, playground: Playground, list: inout DrawList) in
            sceneRenderer.draw(playground, into: &list)
            if help { OverlayRenderer().drawHelp(viewportSize: playground.viewportSize, into: &list) }
        }
        if let script {
            var replayStep: FrameStep?
            Replay(script: script).run(on: playground, configure: {
                $0.drawer = draw
                replayStep = $0
            }) { _, _ in }
            return replayStep?.drawList ?? DrawList()
        }
        playground.scroll(to: offset)
        let step = FrameStep(playground)
        step.drawer = draw
        step.run(at: 0)
        return step.drawList
    }
}
