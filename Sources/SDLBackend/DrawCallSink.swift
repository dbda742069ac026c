import ParallaxKit

/// Hears every SDL drawing call a `DrawListExecutor` makes, with the arguments it passes, just
/// before it makes it: one method per kind of call, each matching a `Renderer` method that
/// issues the same call again.
///
/// The executor knows nothing of who listens; a profiler, a recorder that replays the calls
/// without the app, or a test can. Only culled-in, drawn commands reach it.
public protocol DrawCallSink: AnyObject {
    /// `Renderer.fill(rect:color:)`.
    func fill(rect: PixelRect, color: Color)
    /// `Renderer.stroke(rect:color:)`.
    func stroke(rect: PixelRect, color: Color)
    /// `Renderer.line(from:to:color:)`.
    func line(from start: PixelPoint, to end: PixelPoint, color: Color)
    /// `Renderer.copy(texture:source:destination:alpha:)`: part of an image.
    func copy(texture: Texture, source: TexelRect, destination: PixelRect, alpha: UInt8)
    /// `Renderer.copy(texture:destination:)`: a whole text texture at its own size.
    func copy(texture: Texture, destination: TexelRect)
    /// `Renderer.setViewport(_:)`: a pane's drawing starts (a rectangle) or ends (nil).
    func setViewport(_ rect: TexelRect?)
    /// `Renderer.geometry(texture:vertices:firstVertex:indices:clip:)`: a panel's triangles.
    func geometry(texture: Texture?, vertices: GeometryVertices, firstVertex: Int, indices: [UInt16], clip: TexelRect)
}

extension DrawCallSink {
    /// A listener that draws no panes may ignore viewports.
    public func setViewport(_ rect: TexelRect?) {}
    /// A listener that draws no panel may ignore its triangles.
    public func geometry(texture: Texture?, vertices: GeometryVertices, firstVertex: Int, indices: [UInt16], clip: TexelRect) {}
}
