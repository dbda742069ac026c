import ParallaxKit
import Rendering
import SDLBackend

/// Every SDL drawing call a `DrawListExecutor` made, frame by frame, so that `BareLoop` can
/// issue exactly the same calls again without the app around them.
///
/// Attach it with `executor.drawCallSink = recording`, call `beginFrame(clearColor:)` where
/// the frame clears, and detach it (nil) when done: recording costs an append per call.
final class DrawCallRecording: DrawCallSink {
    /// Calls of all frames, in order; `frameStarts[i]` is where frame i's calls begin.
    private(set) var calls: [DrawCall] = []
    private(set) var frameStarts: [Int] = []
    private(set) var clearColors: [Color] = []
    /// Calls that copy a texture (images and text) in all frames.
    private(set) var textureCopyCount = 0

    /// Starts a new frame that the app began by clearing to `clearColor`.
    func beginFrame(clearColor: Color) {
        frameStarts.append(calls.count)
        clearColors.append(clearColor)
    }

    var frameCount: Int { frameStarts.count }
    var callCount: Int { calls.count }

    /// The range of `calls` that belongs to frame `index`.
    func callRange(ofFrame index: Int) -> Range<Int> {
        let end = index + 1 < frameStarts.count ? frameStarts[index + 1] : calls.count
        return frameStarts[index]..<end
    }

    private func record(_ call: DrawCall) {
        precondition(!frameStarts.isEmpty, "DrawCallRecording: beginFrame(clearColor:) must come before the first call")
        calls.append(call)
    }

    // MARK: DrawCallSink

    func fill(rect: PixelRect, color: Color) { record(.fill(rect, color)) }

    func stroke(rect: PixelRect, color: Color) { record(.stroke(rect, color)) }

    func line(from start: PixelPoint, to end: PixelPoint, color: Color) { record(.line(start, end, color)) }

    func copy(texture: Texture, source: TexelRect, destination: PixelRect, alpha: UInt8) {
        record(.image(texture, source: source, destination: destination, alpha: alpha))
        textureCopyCount += 1
    }

    func setViewport(_ rect: TexelRect?) { record(.viewport(rect)) }

    func geometry(texture: Texture?, vertices: GeometryVertices, firstVertex: Int, indices: [UInt16], clip: TexelRect) {
        record(.geometry(texture, vertices, firstVertex: firstVertex, indices: indices, clip: clip))
    }

    func copy(texture: Texture, destination: TexelRect) {
        record(.text(texture, destination: destination))
        textureCopyCount += 1
    }
}
