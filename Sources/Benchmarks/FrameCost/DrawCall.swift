import ParallaxKit
import SDLBackend

/// One SDL drawing call as `DrawListExecutor` made it, with its arguments: each case is one
/// `Renderer` method, so replaying a call is calling that method again.
///
/// Textures are held strongly so that a recording can be replayed after the text cache has
/// let them go.
enum DrawCall {
    case fill(PixelRect, Color)
    case stroke(PixelRect, Color)
    case line(PixelPoint, PixelPoint, Color)
    case image(Texture, source: TexelRect, destination: PixelRect, alpha: UInt8)
    case text(Texture, destination: TexelRect)
    /// A pane's viewport set (a rectangle) or the whole output given back (nil).
    case viewport(TexelRect?)
    /// The tuning panel's triangles (Dear ImGui's, through `Renderer.geometry`).
    case geometry(Texture?, GeometryVertices, firstVertex: Int, indices: [UInt16], clip: TexelRect)
}
