/// Builds what a scene looks like: the visible cells of a playground as a DrawList in
/// viewport points. Pure and read-only: it never changes the model.
public struct SceneRenderer: Sendable {
    /// Outline every cell (green) and every image's full frame (orange).
    public var showsDebugOutlines = false

    public init(showsDebugOutlines: Bool = false) {
        self.showsDebugOutlines = showsDebugOutlines
    }

    public enum Palette {
        public static let background = Color(r: 18, g: 19, b: 24)
        public static let card = Color(r: 32, g: 34, b: 42)
        public static let title = Color(r: 238, g: 240, b: 245)
        public static let subtitle = Color(r: 150, g: 156, b: 170)
        public static let bar = Color(r: 24, g: 26, b: 33, a: 222)
        public static let cellOutline = Color(r: 80, g: 230, b: 120)
        public static let imageOutline = Color(r: 255, g: 160, b: 40)
        public static let indicator = Color(r: 255, g: 255, b: 255, a: 150)
        public static let heldIndicator = Color(r: 255, g: 255, b: 255, a: 225)
    }

    /// The image's full (taller or wider) frame for a cell area: `area` grown by `overscan`
    /// on both ends along the axis (the parallax amount unless the cells' shape says
    /// otherwise: `Playground.imageOverscan`) and moved by the cell's shift.
    public static func imageFrame(for area: Rect, axis: Axis, overscan: Double, shift: Point) -> Rect {
        let grown = axis == .vertical ? area.insetBy(dx: 0, dy: -overscan) : area.insetBy(dx: -overscan, dy: 0)
        return grown.offsetBy(shift)
    }

    /// Appends the scene to `list`; `indicatorOpacity` fades the scroll indicator, and
    /// `indicatorHovered` (a pointer over its thumb) draws it wider.
    ///
    /// The list draws over a frame already cleared to `Palette.background` (every caller
    /// clears first): filling the whole viewport again cost a full-window pass, a quarter of
    /// the frame in a real window on Mesa's llvmpipe.
    /// What an empty list says under "No items".
    public static let emptyListHint = "] or the tuning panel's items slider (T) adds some; --items N at start"

    public func draw(_ playground: Playground, indicatorOpacity: Double = 0, indicatorHovered: Bool = false, into list: inout DrawList) {
        let scrollView = playground.scrollView
        let viewport = Rect(origin: .zero, size: scrollView.viewportSize)
        let origin = scrollView.bounds.origin
        let overscan = playground.imageOverscan
        let axis = playground.scene.axis
        let photos = playground.photos
        for cell in playground.visibleCells {
            let rect = cell.frame.offsetBy(-origin)
            switch playground.scene.cellStyle {
            case .photo:
                drawImage(.photo(photos.photoIndex(ofItem: cell.item)), in: rect, axis: axis, overscan: overscan, shift: cell.parallax, into: &list)
            case .captioned(let labelHeight):
                drawCaptioned(cell, in: rect, labelHeight: labelHeight, overscan: overscan, photos: photos, into: &list)
            case .tintedRow(let tint):
                drawImage(.photo(photos.photoIndex(ofItem: cell.item)), in: rect, axis: axis, overscan: overscan, shift: cell.parallax, into: &list)
                list.fill(rect, Color.black.withOpacity(tint))
                let title = photos.title(ofItem: cell.item)
                list.text("\(title) · row \(cell.item + 1)", at: Point(x: rect.midX, y: rect.midY - 15), size: 26, color: Palette.title, alignment: .center)
            case .coverStack(let layers, let scaleStep, let rise):
                drawCoverStack(cell, in: rect, layers: layers, scaleStep: scaleStep, rise: rise, into: &list)
            }
            if showsDebugOutlines { list.stroke(rect, Palette.cellOutline) }
        }
        if playground.itemCount == 0 {
            // `--items 0`, or a count taken down to nothing: an empty window reads as broken.
            list.text("No items", at: Point(x: viewport.midX, y: viewport.midY - 30), size: 26, color: Palette.title, alignment: .center)
            list.text(Self.emptyListHint, at: Point(x: viewport.midX, y: viewport.midY + 6), size: 15,
                      color: Palette.subtitle, alignment: .center)
        }
        if case .captioned = playground.scene.cellStyle { drawBars(scrollView.contentInsets, viewport: viewport, title: playground.scene.title, into: &list) }
        // A held thumb shows whatever the fade says, thicker and brighter (`ScrollScrubber`);
        // a hovered one as thick, in the resting colour.
        let held = playground.scrubber.isScrubbing
        let thickness = held ? ScrollScrubber.grabbedThickness : indicatorHovered ? ScrollIndicator.hoveredThickness : ScrollIndicator.thickness
        if indicatorOpacity > 0 || held, let thumb = ScrollIndicator.thumb(for: scrollView, thickness: thickness) {
            list.fill(thumb, held ? Palette.heldIndicator : Palette.indicator.withOpacity(indicatorOpacity))
        }
    }

    private func drawImage(_ ref: ImageRef, in area: Rect, axis: Axis, overscan: Double, shift: Point, into list: inout DrawList) {
        let frame = Self.imageFrame(for: area, axis: axis, overscan: overscan, shift: shift)
        list.image(ref, frame: frame, clip: area)
        if showsDebugOutlines { list.stroke(frame, Palette.imageOutline) }
    }

    /// Where a cell of `style` at `rect` shows its photo: the whole cell, or the captioned
    /// cell's image container above its labels; nil for styles that show no photo (covers).
    /// The draw list and the photo pipeline's prefetch (`PhotoDemand`) both ask here, so the
    /// size decoded ahead is the size drawn.
    public static func photoArea(inCell rect: Rect, style: CellStyle) -> Rect? {
        switch style {
        case .photo, .tintedRow: rect
        case .captioned(let labelHeight):
            Rect(x: rect.minX, y: rect.minY, width: rect.width, height: max(0, rect.height - labelHeight))
        case .coverStack: nil
        }
    }

    /// Leth's: the image container above, title and subtitle in the label area below.
    private func drawCaptioned(_ cell: CollectionViewCell, in rect: Rect, labelHeight: Double, overscan: Double, photos: PhotoSet, into list: inout DrawList) {
        list.fill(rect, Palette.card)
        let container = Self.photoArea(inCell: rect, style: .captioned(labelHeight: labelHeight)) ?? rect
        drawImage(.photo(photos.photoIndex(ofItem: cell.item)), in: container, axis: .vertical, overscan: overscan, shift: cell.parallax, into: &list)
        list.text(photos.title(ofItem: cell.item), at: Point(x: rect.minX + 14, y: container.maxY + 8), size: 18, color: Palette.title)
        list.text("Photo \(cell.item + 1)", at: Point(x: rect.minX + 14, y: container.maxY + 34), size: 13, color: Palette.subtitle)
    }

    /// Jensen's: the front cover fixed in the middle, the ones behind smaller and fainter,
    /// each moved by its share of the cell's shift and raised a little above the one in
    /// front; drawn back to front.
    private func drawCoverStack(_ cell: CollectionViewCell, in rect: Rect, layers: Int, scaleStep: Double, rise: Double, into list: inout DrawList) {
        let side = rect.height
        let offsets = JensenParallax.layerOffsets(totalOffset: cell.parallax.x, layerCount: layers)
        // The front cover (layer 0: no shift, no rise) is opaque and drawn last: the parts of
        // the translucent covers behind it would be blended only to be painted over, which
        // cost the album scene a third of its frame in a real window. Each cover behind is
        // drawn only where it shows around the front one.
        let front = Rect(x: rect.midX - side / 2, y: rect.minY, width: side, height: side)
        for i in stride(from: layers - 1, through: 0, by: -1) {
            let s = side * (1 - scaleStep * Double(i))
            let top = rect.minY - side * rise * Double(i)
            let cover = Rect(x: rect.midX - s / 2 + offsets[i], y: top, width: s, height: s)
            let pieces = i == 0 ? [cover] : Self.parts(of: cover, outside: front)
            for piece in pieces {
                let opacity = JensenParallax.alpha(ofLayer: i) * Self.sliverOpacity(of: piece, beside: front)
                guard opacity > 0 else { continue }
                list.image(.cover(cell.item + i), frame: cover, clip: piece, opacity: opacity)
            }
            if showsDebugOutlines && i > 0 { list.stroke(cover, Palette.imageOutline) }
        }
        let title = PhotoCatalog.coverTitles[cell.item % PhotoCatalog.coverTitles.count]
        list.text(title, at: Point(x: rect.midX, y: rect.maxY + 14), size: 18, color: Palette.title, alignment: .center)
        list.text("Album \(cell.item + 1)", at: Point(x: rect.midX, y: rect.maxY + 40), size: 13, color: Palette.subtitle, alignment: .center)
    }

    /// The narrowest strip of a cover behind that is drawn beside the front one. Why: each
    /// layer's share of the shift grows with its depth as fast as its margin behind the front
    /// cover does (shares i/4 of the shift, sides 6 % smaller a layer), so once the shift
    /// passes the margin every layer sticks out at once, by i times the same few points: a
    /// stack at rest in that band of positions showed 1 to 4 pt slivers along the front
    /// cover's edge, which read as a drawing fault. Narrower than this, a strip is not drawn
    /// (the layer reads as hidden); from this width to twice it, it fades in, so a layer
    /// still slides out without a jump as the list moves. 6 pt is a little under half the
    /// stack's rise per layer at 800 pt (3 % of a 432 pt cover, 13 pt): a strip this wide
    /// reads as the layer it is.
    public static let sliverWidth = 6.0

    /// For a part of a cover behind beyond the front cover's side (a column, its corners
    /// included): 0 narrower than `sliverWidth`, rising to 1 at twice that width. Above or
    /// below the front cover, where the stack's rise shows every layer on purpose (3 % of
    /// the side a layer), a strip only fades in with its height up to `sliverWidth`, so the
    /// rise stays visible in a small window (6.5 pt a layer in a 640×400 GIF).
    public static func sliverOpacity(of piece: Rect, beside front: Rect) -> Double {
        let besideOrCorner = piece.maxX <= front.minX || piece.minX >= front.maxX
        if besideOrCorner { return min(1, max(0, piece.width / sliverWidth - 1)) }
        return min(1, piece.height / sliverWidth)
    }

    /// The parts of `rect` outside `hole`, as up to four rectangles: the columns left and
    /// right of it (the rect's whole height, so a corner beyond the hole's side goes with its
    /// column), and above and below it within its width.
    static func parts(of rect: Rect, outside hole: Rect) -> [Rect] {
        guard rect.intersects(hole) else { return [rect] }
        var parts: [Rect] = []
        func add(_ part: Rect) { if part.width > 0 && part.height > 0 { parts.append(part) } }
        let bandLeft = max(rect.minX, hole.minX), bandRight = min(rect.maxX, hole.maxX)
        add(Rect(x: bandLeft, y: rect.minY, width: bandRight - bandLeft, height: min(rect.maxY, hole.minY) - rect.minY))
        add(Rect(x: bandLeft, y: max(rect.minY, hole.maxY), width: bandRight - bandLeft, height: rect.maxY - max(rect.minY, hole.maxY)))
        add(Rect(x: rect.minX, y: rect.minY, width: bandLeft - rect.minX, height: rect.height))
        add(Rect(x: bandRight, y: rect.minY, width: rect.maxX - bandRight, height: rect.height))
        return parts
    }

    /// The captions scene's tab bar.
    public static let tabTitles = ["Library", "For You", "Albums", "Search"]

    /// Leth's bars: translucent, over the content, the insets the parallax accounts for.
    private func drawBars(_ insets: EdgeInsets, viewport: Rect, title: String, into list: inout DrawList) {
        if insets.top > 0 {
            let bar = Rect(x: 0, y: 0, width: viewport.width, height: insets.top)
            list.fill(bar, Palette.bar)
            list.text(title, at: Point(x: viewport.midX, y: insets.top / 2 - 11), size: 19, color: Palette.title, alignment: .center)
        }
        if insets.bottom > 0 {
            let bar = Rect(x: 0, y: viewport.height - insets.bottom, width: viewport.width, height: insets.bottom)
            list.fill(bar, Palette.bar)
            // A tab bar's items, the first selected, as the app Leth describes would show.
            let tabs = Self.tabTitles
            let width = viewport.width / Double(tabs.count)
            for (i, tab) in tabs.enumerated() {
                let x = width * (Double(i) + 0.5)
                list.text(tab, at: Point(x: x, y: bar.midY - 8), size: 13, color: i == 0 ? Palette.title : Palette.subtitle, alignment: .center)
            }
        }
    }
}
