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
}
