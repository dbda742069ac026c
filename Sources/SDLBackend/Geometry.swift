import CSDL2

/// Textured triangles' vertices as SDL_RenderGeometryRaw takes them, one list's worth:
/// positions in pixels (x, y pairs), colours (r, g, b, a bytes) and texture coordinates (u, v
/// pairs). Dear ImGui's panels are drawn as these.
public struct GeometryVertices: Sendable {
    public var positions: [Float]
    public var colors: [UInt8]
    public var textureCoordinates: [Float]

    public init(positions: [Float], colors: [UInt8], textureCoordinates: [Float]) {
        precondition(positions.count % 2 == 0 && colors.count == positions.count * 2 && textureCoordinates.count == positions.count,
                     "two coordinates, four colour bytes and two texture coordinates a vertex")
        self.positions = positions
        self.colors = colors
        self.textureCoordinates = textureCoordinates
    }

    public var count: Int { positions.count / 2 }
}

extension Renderer {
    /// Draws the triangles `indices` name among `vertices` from `firstVertex` on (16-bit
    /// indices, added to it), textured by `texture` (nil: plain colour), clipped to `clip`.
    public func geometry(texture: Texture?, vertices: GeometryVertices, firstVertex: Int, indices: ArraySlice<UInt16>,
                         clip: TexelRect) throws(SDLError) {
        guard firstVertex >= 0, firstVertex < vertices.count, !indices.isEmpty else { return }
        var rect = SDL_Rect(clip)
        SDL_RenderSetClipRect(handle, &rect)
        defer { SDL_RenderSetClipRect(handle, nil) }
        let count = Int32(vertices.count - firstVertex)
        let status = vertices.positions.withUnsafeBufferPointer { xy in
            vertices.colors.withUnsafeBufferPointer { colors in
                vertices.textureCoordinates.withUnsafeBufferPointer { uv in
                    indices.withUnsafeBufferPointer { index in
                        SDL_RenderGeometryRaw(
                            handle, texture?.handle,
                            xy.baseAddress! + 2 * firstVertex, Int32(2 * MemoryLayout<Float>.stride),
                            UnsafeRawPointer(colors.baseAddress! + 4 * firstVertex).assumingMemoryBound(to: SDL_Color.self), 4,
                            uv.baseAddress! + 2 * firstVertex, Int32(2 * MemoryLayout<Float>.stride),
                            count, UnsafeRawPointer(index.baseAddress!), Int32(index.count), 2)
                    }
                }
            }
        }
        try check(status, "SDL_RenderGeometryRaw")
    }

    /// Draws the triangles `indices` name among `count` interleaved vertices at `vertices`
    /// (`stride` bytes apart; a position's two floats at `positionOffset`, a texture
    /// coordinate's at `uvOffset`, four colour bytes r, g, b, a at `colorOffset`), positions
    /// already in pixels: Dear ImGui's own buffers drawn where they lie, with no copy.
    public func geometry(texture: Texture?, interleaved vertices: UnsafeRawPointer, stride: Int, positionOffset: Int,
                         uvOffset: Int, colorOffset: Int, count: Int, indices: UnsafeBufferPointer<UInt16>,
                         clip: TexelRect) throws(SDLError) {
        guard count > 0, let index = indices.baseAddress, !indices.isEmpty else { return }
        var rect = SDL_Rect(clip)
        SDL_RenderSetClipRect(handle, &rect)
        defer { SDL_RenderSetClipRect(handle, nil) }
        let status = SDL_RenderGeometryRaw(
            handle, texture?.handle,
            (vertices + positionOffset).assumingMemoryBound(to: Float.self), Int32(stride),
            (vertices + colorOffset).assumingMemoryBound(to: SDL_Color.self), Int32(stride),
            (vertices + uvOffset).assumingMemoryBound(to: Float.self), Int32(stride),
            Int32(clamping: count), UnsafeRawPointer(index), Int32(clamping: indices.count), 2)
        try check(status, "SDL_RenderGeometryRaw")
    }
}
