import CSDL2
import Foundation
import ParallaxKit

/// What executing one draw list did, for the cost overlay and for diagnosing blank frames.
public struct DrawStats: Hashable, Sendable {
    /// Commands that reached SDL.
    public var drawn = 0
    /// Commands skipped because nothing of them was inside the output (or they were empty).
    public var culled = 0
    /// Commands that failed; `lastError` says why the last one did.
    public var failed = 0
    public var lastError: SDLError?

    public init() {}
}

/// Executes draw lists, whose coordinates are in points, on a renderer, in pixels.
///
/// Text is drawn with the executor's one font (`TextRenderer`).
public final class DrawListExecutor {
    public let renderer: Renderer
    public let images: ImageLibrary
    public let text: TextRenderer
    /// When set, every SDL drawing call made is also appended here (the benchmark's bare loop
    /// replays them); nil, the default, records nothing.
    public var recording: DrawCallRecording?

    public init(renderer: Renderer, images: ImageLibrary, text: TextRenderer) {
        self.renderer = renderer
        self.images = images
        self.text = text
    }

    /// Draws `list` in order over what is already in the frame.
    @discardableResult
    public func execute(_ list: DrawList) -> DrawStats {
        // Read once per list: each is a query to SDL.
        execute(list, scale: renderer.scale, viewport: renderer.viewport)
    }

    /// `execute` at a given scale, which tests use to draw as a high-density display would.
    func execute(_ list: DrawList, scale: Double, viewport: Rect) -> DrawStats {
        var stats = DrawStats()
        for command in list.commands {
            do throws(SDLError) {
                if try draw(command, scale: scale, viewport: viewport) {
                    stats.drawn += 1
                } else {
                    stats.culled += 1
                }
            } catch {
                stats.failed += 1
                stats.lastError = error
            }
        }
        return stats
    }

    /// Draws one command; false when it was skipped as invisible.
    private func draw(_ command: DrawCommand, scale: Double, viewport: Rect) throws(SDLError) -> Bool {
        switch command {
        case let .fill(rect, color):
            guard rect.intersects(viewport) else { return false }
            renderer.setDrawColor(color)
            var pixels = Self.pixelRect(rect, scale)
            recording?.record(.fill(color, pixels))
            try check(SDL_RenderFillRectF(renderer.handle, &pixels), "SDL_RenderFillRectF")
        case let .stroke(rect, color):
            // The outline is a pixel wide and may lie on the rectangle's far edges.
            guard rect.insetBy(dx: -1, dy: -1).intersects(viewport) else { return false }
            renderer.setDrawColor(color)
            var pixels = Self.pixelRect(rect, scale)
            recording?.record(.stroke(color, pixels))
            try check(SDL_RenderDrawRectF(renderer.handle, &pixels), "SDL_RenderDrawRectF")
        case let .line(from, to, color):
            let bounds = Rect(x: min(from.x, to.x), y: min(from.y, to.y),
                              width: abs(to.x - from.x), height: abs(to.y - from.y))
            guard bounds.insetBy(dx: -1, dy: -1).intersects(viewport) else { return false }
            renderer.setDrawColor(color)
            let (x1, y1, x2, y2) = (Float(from.x * scale), Float(from.y * scale), Float(to.x * scale), Float(to.y * scale))
            recording?.record(.line(color, x1: x1, y1: y1, x2: x2, y2: y2))
            try check(SDL_RenderDrawLineF(renderer.handle, x1, y1, x2, y2), "SDL_RenderDrawLineF")
        case let .image(ref, frame, clip, opacity):
            guard let texture = images.texture(for: ref) else { throw .missingImage(ref) }
            return try drawImage(texture, frame: frame, clip: clip, opacity: opacity, scale: scale, viewport: viewport)
        case let .text(string, origin, size, color, alignment):
            return try drawText(string, origin: origin, size: size, color: color, alignment: alignment,
                                scale: scale, viewport: viewport)
        }
        return true
    }

    private func drawImage(_ texture: Texture, frame: Rect, clip: Rect, opacity: Double,
                           scale: Double, viewport: Rect) throws(SDLError) -> Bool {
        let alpha = UInt8((min(1, max(0, opacity)) * 255).rounded())
        let imageSize = Size(width: Double(texture.pixelSize.width), height: Double(texture.pixelSize.height))
        // Clipping to the viewport too means off-screen parts are never sampled.
        guard alpha > 0, let visibleClip = clip.intersection(viewport),
              let crop = AspectFill.crop(imageSize: imageSize, frame: frame, clip: visibleClip)
        else { return false }
        // SDL2 takes the source in whole texels: rounding each edge to the nearest one moves
        // the image by at most half a texel, less than a pixel for photos drawn at or below
        // their size, and the destination keeps its exact (sub-pixel) place.
        var source = Self.texelRect(crop.source, in: texture.pixelSize)
        var destination = Self.pixelRect(crop.destination, scale)
        recording?.record(.image(texture, source: source, destination: destination, alpha: alpha))
        let translucent = alpha < 255
        if translucent {
            if !texture.hasAlpha { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND) }
            SDL_SetTextureAlphaMod(texture.handle, alpha)
        }
        let status = SDL_RenderCopyF(renderer.handle, texture.handle, &source, &destination)
        if translucent {
            // The texture is shared by every cell that shows this image: restore it.
            SDL_SetTextureAlphaMod(texture.handle, 255)
            if !texture.hasAlpha { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE) }
        }
        try check(status, "SDL_RenderCopyF")
        return true
    }

    private func drawText(_ string: String, origin: Point, size: Double, color: Color,
                          alignment: TextAlignment, scale: Double, viewport: Rect) throws(SDLError) -> Bool {
        // Rows far above or below the viewport are skipped before rasterising anything; a
        // line of text is well under two font sizes tall.
        guard color.a > 0, origin.y < viewport.maxY, origin.y + 2 * size > viewport.minY,
              let texture = try text.texture(for: string, size: size, color: color, scale: scale)
        else { return false }
        let width = Double(texture.pixelSize.width) / scale
        let left = switch alignment {
        case .leading: origin.x
        case .center: origin.x - width / 2
        case .trailing: origin.x - width
        }
        let bounds = Rect(x: left, y: origin.y, width: width, height: Double(texture.pixelSize.height) / scale)
        guard bounds.intersects(viewport) else { return false }
        // Whole pixels at the texture's own size keep glyphs as sharp as SDL_ttf drew them.
        var destination = SDL_Rect(x: Int32((left * scale).rounded()), y: Int32((origin.y * scale).rounded()),
                                   w: Int32(texture.pixelSize.width), h: Int32(texture.pixelSize.height))
        recording?.record(.text(texture, destination: destination))
        try check(SDL_RenderCopy(renderer.handle, texture.handle, nil, &destination), "SDL_RenderCopy")
        return true
    }

    private static func pixelRect(_ rect: Rect, _ scale: Double) -> SDL_FRect {
        SDL_FRect(x: Float(rect.minX * scale), y: Float(rect.minY * scale),
                  w: Float(rect.width * scale), h: Float(rect.height * scale))
    }

    /// `rect` with each edge on the nearest texel boundary, at least one texel in each
    /// direction, inside the texture.
    private static func texelRect(_ rect: Rect, in size: PixelSize) -> SDL_Rect {
        func span(_ low: Double, _ high: Double, limit: Int) -> (Int32, Int32) {
            let start = min(max(0, Int(low.rounded())), limit - 1)
            let end = min(max(start + 1, Int(high.rounded())), limit)
            return (Int32(start), Int32(end - start))
        }
        let (x, width) = span(rect.minX, rect.maxX, limit: size.width)
        let (y, height) = span(rect.minY, rect.maxY, limit: size.height)
        return SDL_Rect(x: x, y: y, w: width, h: height)
    }
}
