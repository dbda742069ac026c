import SDLBackend
import ParallaxKit

/// One pane's share of a frame: its playground (for the photos it needs), the draw list the
/// composer built for it in its own coordinates, and where it sits on the surface (points).
public struct PaneFrame {
    public var playground: Playground
    public var drawList: DrawList
    public var rect: Rect

    public init(playground: Playground, drawList: DrawList, rect: Rect) {
        self.playground = playground
        self.drawList = drawList
        self.rect = rect
    }
}

/// The one path from composed draw lists to a surface: the photos the frame needs asked for
/// (or waited for), clear, each pane's list executed in its rectangle, then whatever the caller
/// does with the result: present it (the window), read it back (shot, record, the window's
/// recording) or both. Every surface the app draws to draws through it.
public final class FramePresenter {
    /// How a frame waits for its photos.
    public enum PhotoWait: Sendable, Equatable {
        /// The window: decodes run on their threads; each frame uploads what has arrived within
        /// the pipeline's time budget and draws placeholders for the rest.
        case frameBudget
        /// Files (shot, record): every visible photo decoded at its size before the frame is
        /// drawn, so the same input gives the same pixels on any machine; at most `timeout` s.
        case everyVisiblePhoto(timeout: Double)
    }

    public let executor: DrawListExecutor
    public var photoWait: PhotoWait
    /// Which photos a frame needs and in what order.
    public var demand = PhotoDemand()
    /// Told when a frame's photos were not all decoded in time (files only).
    public var onPhotoTimeout: (() -> Void)?
    /// How long the last frame's draw lists took to execute, ms: drawing only, not the wait
    /// for photos nor presenting or reading back (what the overlay's "drawing" shows offscreen).
    public private(set) var lastExecuteMilliseconds = 0.0
    /// Files only: pane k's own images (photo caches), used when a frame has several panes.
    /// The window's panes share the executor's one cache, each photo decoded once at the
    /// largest size any pane needs; a file instead decodes each pane's photos at that pane's
    /// size, so pane k of a compared shot is, pixel for pixel, the shot of pane k alone.
    public var paneImages: [ImageLibrary] = []
    private let clock = Clock()

    public init(executor: DrawListExecutor, photoWait: PhotoWait) {
        self.executor = executor
        self.photoWait = photoWait
    }

    public var renderer: Renderer { executor.renderer }

    /// Asks for (or waits for) the panes' photos, clears, and draws each pane's list into its
    /// rectangle; one pane covering the whole surface draws without a viewport, exactly as a
    /// single list does. `now` is the frame's time (fades and the pipeline's bookkeeping).
    @discardableResult
    public func draw(_ panes: [PaneFrame], now: Double, background: Color = SceneRenderer.Palette.background) -> DrawStats {
        let ownImages = panes.count > 1 && paneImages.count >= panes.count && photoWait != .frameBudget
        if !ownImages { updatePhotos(for: panes, from: executor.images, now: now) }
        var executeSeconds = 0.0
        var started = clock.now()
        renderer.clear(background)
        var stats = DrawStats()
        let whole = renderer.viewport
        for (k, pane) in panes.enumerated() {
            let images = ownImages ? paneImages[k] : executor.images
            if ownImages {
                executeSeconds += clock.now() - started
                updatePhotos(for: [pane], from: images, now: now)
                started = clock.now()
            }
            let drawn = pane.rect == whole && !ownImages ? executor.execute(pane.drawList)
                : executor.execute(pane.drawList, in: pane.rect, images: images)
            stats.drawn += drawn.drawn
            stats.culled += drawn.culled
            stats.failed += drawn.failed
            if let error = drawn.lastError { stats.lastError = error }
        }
        executeSeconds += clock.now() - started
        lastExecuteMilliseconds = executeSeconds * 1000
        return stats
    }

    /// Draws `list` over the whole surface, on top of the panes (toasts, badges, the strip).
    @discardableResult
    public func drawOver(_ list: DrawList) -> DrawStats {
        list.isEmpty ? DrawStats() : executor.execute(list)
    }

    /// Draws `list` (in the coordinates of the pane at `frame`) over that pane.
    @discardableResult
    public func drawOver(_ list: DrawList, in frame: Rect) -> DrawStats {
        if list.isEmpty { return DrawStats() }
        return frame == renderer.viewport ? executor.execute(list) : executor.execute(list, in: frame)
    }

    public func present() { renderer.present() }

    /// The frame drawn so far; before `present()`.
    public func readBack() throws(SDLError) -> RGBAImage { try renderer.readPixels() }

    /// The photo pipeline's share of the frame: every pane's visible photos, where a fling
    /// will stop and what lies ahead become decode requests for the one pipeline they share;
    /// or, for files, a wait until every visible photo is sharp.
    private func updatePhotos(for panes: [PaneFrame], from images: ImageLibrary, now: Double) {
        guard images.pipeline != nil || images.coverPipeline != nil else { return }
        let scale = renderer.scale
        let coverNeeds = demand.merged(panes.map { demand.coverNeeds(drawList: $0.drawList) })
        switch photoWait {
        case .frameBudget:
            // Reduce motion, which a key can change, reaches the photos' fades every frame.
            let reduceMotion = panes.first?.playground.reduceMotion ?? false
            for pipeline in [images.pipeline, images.coverPipeline].compactMap({ $0 }) {
                pipeline.settings.followReduceMotion(reduceMotion)
            }
            images.pipeline?.update(needs: demand.merged(panes.map { demand.needs(of: $0.playground, drawList: $0.drawList) }),
                                    scale: scale, now: now)
            images.coverPipeline?.update(needs: coverNeeds, scale: scale, now: now)
        case .everyVisiblePhoto(let timeout):
            let visible = demand.merged(panes.map { demand.needs(of: $0.playground, drawList: $0.drawList) })
                .filter { $0.urgency == .visible }
            for (pipeline, needs) in [(images.pipeline, visible), (images.coverPipeline, coverNeeds)] {
                if let pipeline, !pipeline.loadAll(needs, scale: scale, timeout: timeout) { onPhotoTimeout?() }
            }
        }
    }
}
