import ParallaxKit
import SDLBackend

/// The benchmark's SDL: by default the dummy video driver, a window and SDL's software
/// renderer with vsync off, the bundled images and the scene font — what `shot` uses. The
/// window section asks for a real window (`video: .automatic`) and a named render driver.
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
        video = try SDLVideo(driver: driver)
        window = try Window(video: video, title: "Parallax Playground bench", size: size)
        renderer = try Renderer(window: window, vsync: false, driver: renderDriver)
        images = try ImageLibrary(renderer: renderer, resourcesDirectory: resources)
        text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
        executor = DrawListExecutor(renderer: renderer, images: images, text: text)
        self.fonts = fonts
    }
}
