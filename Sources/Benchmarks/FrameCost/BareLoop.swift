import SDLBackend

/// The least a program must do to put a recorded frame on screen: clear, the recorded SDL
/// calls with their recorded arguments through the same `Renderer` methods the executor
/// uses, present. Nothing else: no model, no draw list, no culling, no error reporting.
///
/// The benchmark times this against the app drawing the same frames, so the ratio is the
/// app's overhead over what SDL itself must do.
final class BareLoop {
    let renderer: Renderer
    private let recording: DrawCallRecording

    init(renderer: Renderer, recording: DrawCallRecording) {
        self.renderer = renderer
        self.recording = recording
    }

    var frameCount: Int { recording.frameCount }

    /// Clears, issues frame `index`'s calls, presents (unless `present` is false, which
    /// leaves the frame to be read back).
    func drawFrame(_ index: Int, present: Bool = true) {
        renderer.clear(recording.clearColors[index])
        recording.calls.withUnsafeBufferPointer { calls in
            for i in recording.callRange(ofFrame: index) {
                // The app checked these calls' results; a failure here would show in the
                // pixel comparison, so the bare loop only pays for the check SDL returns.
                switch calls[i] {
                case let .fill(rect, color): try? renderer.fill(rect: rect, color: color)
                case let .stroke(rect, color): try? renderer.stroke(rect: rect, color: color)
                case let .line(start, end, color): try? renderer.line(from: start, to: end, color: color)
                case let .image(texture, source, destination, alpha):
                    try? renderer.copy(texture: texture, source: source, destination: destination, alpha: alpha)
                case let .text(texture, destination): try? renderer.copy(texture: texture, destination: destination)
                case let .viewport(rect): renderer.setViewport(rect)
                case let .geometry(texture, vertices, first, indices, clip):
                    try? renderer.geometry(texture: texture, vertices: vertices, firstVertex: first, indices: indices[...], clip: clip)
                }
            }
        }
        if present { renderer.present() }
    }
}
