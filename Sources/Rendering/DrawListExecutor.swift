import SDLBackend
import Foundation
import ParallaxKit
import PhotoPipeline

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
    /// Where images are looked up, unless a list is drawn with images of its own (a file's
    /// compared panes: see `FramePresenter.paneImages`).
    public let images: ImageLibrary
    public let text: TextRenderer
    /// Hears every SDL drawing call just before it is made; nil, the default, costs one check
    /// per call.
    public var drawCallSink: (any DrawCallSink)?

    public init(renderer: Renderer, images: ImageLibrary, text: TextRenderer) {
        self.renderer = renderer
        self.images = images
        self.text = text
    }

    /// Draws `list` in order over what is already in the frame.
    @discardableResult
    public func execute(_ list: DrawList) -> DrawStats {
        // Read once per list: each is a query to SDL.
        execute(list, scale: renderer.scale, viewport: renderer.viewport, images: images)
    }

    /// Draws `list`, whose coordinates are a pane's own, into `frame` (points) of the output:
    /// what lies outside the pane is culled and clipped away, and a list drawn into a pane
    /// gives the pixels it gives alone on an output of the pane's size.
    @discardableResult
    public func execute(_ list: DrawList, in frame: Rect, images: ImageLibrary? = nil) -> DrawStats {
        let scale = renderer.scale
        let pixels = TexelRect(x: (frame.minX * scale).clampedInteger(), y: (frame.minY * scale).clampedInteger(),
                               width: (frame.width * scale).clampedInteger(), height: (frame.height * scale).clampedInteger())
        drawCallSink?.setViewport(pixels)
        renderer.setViewport(pixels)
        defer {
            drawCallSink?.setViewport(nil)
            renderer.setViewport(nil)
        }
        return execute(list, scale: scale, viewport: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                       images: images ?? self.images)
    }

    /// `execute` at a given scale, which tests use to draw as a high-density display would.
    public func execute(_ list: DrawList, scale: Double, viewport: Rect, images: ImageLibrary) -> DrawStats {
        var stats = DrawStats()
        for command in list.commands {
            do throws(SDLError) {
                if try draw(command, scale: scale, viewport: viewport, images: images) {
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
    private func draw(_ command: DrawCommand, scale: Double, viewport: Rect, images: ImageLibrary) throws(SDLError) -> Bool {
        switch command {
        case let .fill(rect, color):
            guard rect.intersects(viewport) else { return false }
            let pixels = pixelRect(rect, scale)
            drawCallSink?.fill(rect: pixels, color: color)
            try renderer.fill(rect: pixels, color: color)
        case let .stroke(rect, color):
            // The outline is a pixel wide and may lie on the rectangle's far edges.
            guard rect.insetBy(dx: -1, dy: -1).intersects(viewport) else { return false }
            let pixels = pixelRect(rect, scale)
            drawCallSink?.stroke(rect: pixels, color: color)
            try renderer.stroke(rect: pixels, color: color)
        case let .line(from, to, color):
            let bounds = Rect(x: min(from.x, to.x), y: min(from.y, to.y),
                              width: abs(to.x - from.x), height: abs(to.y - from.y))
            guard bounds.insetBy(dx: -1, dy: -1).intersects(viewport) else { return false }
            let start = PixelPoint(x: Float(from.x * scale), y: Float(from.y * scale))
            let end = PixelPoint(x: Float(to.x * scale), y: Float(to.y * scale))
            drawCallSink?.line(from: start, to: end, color: color)
            try renderer.line(from: start, to: end, color: color)
        case let .image(ref, frame, clip, opacity):
            switch (ref, images.pipeline, images.coverPipeline) {
            case let (.photo(index), pipeline?, _), let (.cover(index), _, pipeline?):
                return try drawPhoto(pipeline.appearance(of: index), frame: frame, clip: clip, opacity: opacity,
                                     scale: scale, viewport: viewport)
            default: break
            }
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
        let source = Self.texelRect(crop.source, in: texture.pixelSize)
        let destination = pixelRect(crop.destination, scale)
        drawCallSink?.copy(texture: texture, source: source, destination: destination, alpha: alpha)
        try renderer.copy(texture: texture, source: source, destination: destination, alpha: alpha)
        return true
    }

    /// A photo from the pipeline as it looks now, as the pipeline says: fading in over its
    /// placeholder, the placeholder alone, or the tile of a file that cannot be shown.
    private func drawPhoto(_ appearance: PhotoTextures.Appearance, frame: Rect, clip: Rect, opacity: Double,
                           scale: Double, viewport: Rect) throws(SDLError) -> Bool {
        guard opacity > 0, let visible = clip.intersection(viewport) else { return false }
        switch appearance {
        case let .photo(texture, fade, placeholder):
            if fade < 1 { try fillPlaceholder(visible, placeholder.withOpacity(opacity), scale: scale) }
            return try drawImage(texture, frame: frame, clip: clip, opacity: opacity * fade, scale: scale, viewport: viewport)
        case let .placeholder(colour):
            try fillPlaceholder(visible, colour.withOpacity(opacity), scale: scale)
        case let .failed(name, reason):
            try drawTile(CantShowTile(name: name, reason: reason), in: visible, cell: clip, opacity: opacity, scale: scale)
        }
        return true
    }

    private func fillPlaceholder(_ rect: Rect, _ colour: Color, scale: Double) throws(SDLError) {
        let pixels = pixelRect(rect, scale)
        drawCallSink?.fill(rect: pixels, color: colour)
        try renderer.fill(rect: pixels, color: colour)
    }

    /// A "can't show" tile as `PhotoPipeline` lays it out in `cell`, clipped to the part of
    /// the cell on screen.
    private func drawTile(_ tile: CantShowTile, in visible: Rect, cell: Rect, opacity: Double,
                          scale: Double) throws(SDLError) {
        try fillPlaceholder(visible, CantShowTile.fill.withOpacity(opacity), scale: scale)
        renderer.setClip(pixelRect(visible, scale))
        defer { renderer.setClip(nil) }
        let colour = CantShowTile.textColour.withOpacity(opacity)
        for line in tile.lines(in: cell) {
            _ = try drawText(line.text, origin: line.origin, size: line.size, color: colour, alignment: .center,
                             scale: scale, viewport: visible)
        }
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
        let destination = TexelRect(x: (left * scale).clampedInteger(), y: (origin.y * scale).clampedInteger(),
                                    width: Int32(clamping: texture.pixelSize.width), height: Int32(clamping: texture.pixelSize.height))
        drawCallSink?.copy(texture: texture, destination: destination)
        try renderer.copy(texture: texture, destination: destination)
        return true
    }

    /// `rect` in output pixels. An accelerated renderer takes it with sub-pixel precision (an
    /// image sampled between pixels moves smoothly). SDL2's software renderer cuts a float
    /// rectangle's origin and size to integers each on its own, so two rectangles sharing an
    /// edge could leave a row of background between them (seen in `shot`: a pixel row between
    /// an album's front cover and the strips of the covers behind it); there each edge goes to
    /// the nearest pixel instead, so rectangles that meet in points meet in pixels.
    private func pixelRect(_ rect: Rect, _ scale: Double) -> PixelRect {
        guard renderer.isSoftware else {
            return PixelRect(x: Float(rect.minX * scale), y: Float(rect.minY * scale),
                             width: Float(rect.width * scale), height: Float(rect.height * scale))
        }
        let left = (rect.minX * scale).rounded(), top = (rect.minY * scale).rounded()
        let right = (rect.maxX * scale).rounded(), bottom = (rect.maxY * scale).rounded()
        return PixelRect(x: Float(left), y: Float(top), width: Float(max(0, right - left)), height: Float(max(0, bottom - top)))
    }

    /// `rect` with each edge on the nearest texel boundary, at least one texel in each
    /// direction, inside the texture.
    private static func texelRect(_ rect: Rect, in size: PixelSize) -> TexelRect {
        func span(_ low: Double, _ high: Double, limit: Int) -> (Int32, Int32) {
            let start = min(max(0, low.clampedInteger(Int.self)), limit - 1)
            let end = min(max(start + 1, high.clampedInteger(Int.self)), limit)
            return (Int32(start), Int32(end - start))
        }
        let (x, width) = span(rect.minX, rect.maxX, limit: size.width)
        let (y, height) = span(rect.minY, rect.maxY, limit: size.height)
        return TexelRect(x: x, y: y, width: width, height: height)
    }
}
