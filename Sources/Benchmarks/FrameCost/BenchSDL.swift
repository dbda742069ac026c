import ParallaxKit
import PlaygroundWindow
import Rendering
import SDLBackend

/// The benchmark's SDL: by default the dummy video driver, a window and SDL's software
/// renderer with vsync off, the bundled images and the scene font — what `shot` uses. The
/// window section asks for a real window (`video: .automatic`) and a named render driver.
/// The images come through the window's photo pipelines (`loadImages`), with no fades, and
/// each cell decodes every photo it shows before its first frame (`preloadPhotos`): the
/// window's own path under `--preload-photos`, so no measured frame waits for a decode.
final class BenchSDL {
    let video: SDLVideo
    let window: Window
    let renderer: Renderer
    let images: ImageLibrary
    let text: TextRenderer
    let executor: DrawListExecutor
    let fonts: FontFiles
    /// The tuning panel's Dear ImGui, made for the first cell that opens it (its context is
    /// global: one BenchSDL at a time, as SDL itself).
    private(set) lazy var imgui: ImGuiLayer? = try? ImGuiLayer(renderer: renderer, fontPath: fonts.regular)

    init(resources: String, fonts: FontFiles, size: Size, video driver: VideoDriver = .headless, renderDriver: String? = nil) throws(SDLError) {
        video = try SDLVideo(driver: driver, endingSignals: .endTheProcess)
        window = try Window(video: video, title: "Parallax Playground bench", size: size)
        renderer = try Renderer(window: window, vsync: false, driver: renderDriver)
        // 1 GB: every bundled photo at the largest size any cell draws it, never evicted.
        images = try loadImages(renderer: renderer, resources: resources, folder: nil, cacheMegabytes: 1024, fadeSeconds: 0)
        text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
        executor = DrawListExecutor(renderer: renderer, images: images, text: text)
        self.fonts = fonts
    }

    /// Decodes, through the pipelines, every photo `playgrounds` show at the largest size any
    /// of their items draws it, and every album cover at the front cover's side: what the
    /// window's `--preload-photos` does before its first frame. False if something did not
    /// arrive in time (the frames would then include decodes).
    @discardableResult
    func preloadPhotos(for playgrounds: [Playground]) -> Bool {
        let demand = PhotoDemand()
        let scale = renderer.scale
        var arrived = true
        if let pipeline = images.pipeline {
            let needs = demand.merged(playgrounds.map { demand.needsOfEveryItem(of: $0) })
            arrived = pipeline.loadAll(needs, scale: scale, timeout: Self.preloadSeconds) && arrived
        }
        if let covers = images.coverPipeline {
            // Covers are squares of the front cover's side; the bundled dozen, indices wrapping.
            let sides = playgrounds.compactMap { playground -> Double? in
                guard case .coverStack = playground.scene.cellStyle else { return nil }
                return playground.layout.frames.first?.height
            }
            if let side = sides.max() {
                let needs = (0..<PhotoCatalog.coverTitles.count).map { PhotoNeed(photo: $0, size: Size(width: side, height: side), urgency: .visible) }
                arrived = covers.loadAll(needs, scale: scale, timeout: Self.preloadSeconds) && arrived
            }
        }
        return arrived
    }

    /// How long a cell's photos may take to decode before the bench says so: a dozen photos
    /// take well under a second.
    static let preloadSeconds = 120.0
}
