/// The five scenes, one per article (README's table names them).
public enum SceneID: String, Hashable, Sendable, CaseIterable {
    case photos, captions, table, quilt, albums

    public var name: String { rawValue }

    public init?(name: String) { self.init(rawValue: name) }

    public static var validNames: String { allCases.map(\.name).joined(separator: ", ") }

    /// The next scene in Tab order (wrapping).
    public func next(by step: Int = 1) -> SceneID {
        let all = SceneID.allCases
        let i = all.firstIndex(of: self)!
        return all[((i + step) % all.count + all.count) % all.count]
    }
}

/// How a scene draws its cells; the renderer reads it, the core only carries it.
public enum CellStyle: Hashable, Sendable {
    /// A photo filling the cell (Begemann's photos, Kurutepe's tiles).
    case photo
    /// An image area above `labelHeight` points of title and subtitle (Leth's).
    case captioned(labelHeight: Double)
    /// A full-bleed photo under a dark tint with a centred title (Patel's: 40 % black).
    case tintedRow(tintOpacity: Double)
    /// A front cover with `layerCount − 1` covers behind it, each smaller and fainter (Jensen's),
    /// and each peeking `rise` (a fraction of the cover's side) above the one in front, so the
    /// stack reads as a stack even when its parallax is zero.
    case coverStack(layerCount: Int, scaleStep: Double, rise: Double)
}

/// Everything that makes one of the five scenes: layout, mapping, look and defaults.
public struct Scene: Sendable {
    public var id: SceneID
    /// The photos its cells show (the album scene shows covers instead).
    public var photos: PhotoSet
    public var title: String
    /// The author and article the scene reproduces.
    public var source: String
    public var geometry: any ItemGeometry
    public var mapping: ParallaxMapping
    public var cellStyle: CellStyle
    /// Insets of the scroll view (Leth's bars).
    public var contentInsets: EdgeInsets
    public var defaultItemCount: Int
    /// The largest image displacement in points, its article's constant.
    public var defaultParallaxAmount: Double
    public var defaultStrategy: ParallaxStrategy
    /// A slow drift until the user first scrolls (Jensen's album row), points per second.
    public var autoScrollSpeed: Double? = nil

    public var axis: Axis { geometry.axis }

    /// The cells' shape the scene was made with (every knob nil: its article's own).
    public var cellLayout = CellLayout.sceneDefaults

    /// The gap between cells each scene has of its own, points: Begemann's 40 pt line spacing,
    /// the captioned cards' 24, table rows that touch, the quilt's 3 pt inset on each side of
    /// a tile (RFQuiltLayout's), album stacks whose paddings overlap exactly.
    public static func ownSpacing(_ id: SceneID) -> Double {
        switch id {
        case .photos: FlowGeometry.seedLineSpacing
        case .captions: 24
        case .table: 0
        case .quilt: 2 * QuiltGeometry.seedTileInset
        case .albums: 0
        }
    }

    /// Scene `id` showing `photos`, its cells shaped by `cellLayout` where a knob is set.
    public static func make(_ id: SceneID, photos: PhotoSet = .bundled, cellLayout: CellLayout = .sceneDefaults) -> Scene {
        var scene = makeOwn(id, photos: photos, cellLayout: cellLayout)
        scene.cellLayout = cellLayout
        return scene
    }

    private static func makeOwn(_ id: SceneID, photos: PhotoSet, cellLayout: CellLayout) -> Scene {
        let spacing = cellLayout.spacing ?? ownSpacing(id)
        let height = cellLayout.cellHeight
        switch id {
        case .photos:
            return Scene(
                id: id, photos: photos, title: "Photos", source: "Ole Begemann · layout attributes",
                geometry: FlowGeometry(spacing: spacing, fixedCellHeight: height, photos: photos), mapping: .begemann, cellStyle: .photo, contentInsets: .zero,
                defaultItemCount: 36, defaultParallaxAmount: BegemannParallax.maxParallaxOffset,
                defaultStrategy: .layoutInvalidation)
        case .captions:
            return Scene(
                id: id, photos: photos, title: "Captions", source: "Roland Leth · image container under bars",
                geometry: FlowGeometry(spacing: spacing, footerHeight: LethParallax.labelHeight, fixedCellHeight: height, photos: photos),
                mapping: .leth(labelHeight: LethParallax.labelHeight),
                cellStyle: .captioned(labelHeight: LethParallax.labelHeight),
                // An iOS navigation bar with status bar (64 pt) and a tab bar (49 pt): the
                // bars Leth's insets stand for.
                contentInsets: EdgeInsets(top: 64, bottom: 49),
                defaultItemCount: 36, defaultParallaxAmount: LethParallax.extraImageHeight / 2,
                defaultStrategy: .scrollCallback)
        case .table:
            return Scene(
                id: id, photos: photos, title: "Table", source: "Krishan Patel · table rows + willDisplay",
                geometry: TableRowGeometry(rowHeight: height ?? TableRowGeometry.seedRowHeight, spacing: spacing), mapping: .patel, cellStyle: .tintedRow(tintOpacity: 0.4),
                contentInsets: .zero, defaultItemCount: 500, defaultParallaxAmount: PatelParallax.parallaxFactor,
                defaultStrategy: .scrollCallback)
        case .quilt:
            return Scene(
                id: id, photos: photos, title: "Quilt", source: "Engin Kurutepe · quilt + scroll callback",
                geometry: QuiltGeometry(blockSide: height ?? QuiltGeometry.seedBlockSide, tileInset: spacing / 2, photos: photos),
                mapping: .kurutepe, cellStyle: .photo, contentInsets: .zero,
                defaultItemCount: 50, defaultParallaxAmount: KurutepeParallax.maxParallaxOffset,
                defaultStrategy: .scrollCallback)
        case .albums:
            return Scene(
                id: id, photos: photos, title: "Albums", source: "Nick Jensen · cover stacks",
                geometry: CoverFlowGeometry(fixedCoverSide: height, gap: spacing), mapping: .jensen,
                // Layers 6 % smaller each and 3 % of the side higher: the tops of four covers
                // fan out above the front one, as the iTunes Radio stacks Jensen imitates.
                cellStyle: .coverStack(layerCount: JensenParallax.layerCount, scaleStep: 0.06, rise: 0.03),
                contentInsets: .zero, defaultItemCount: 30,
                // Jensen slides the back covers across the whole padding; in the default
                // 1280×800 window the cover is 432 pt and the padding 181 pt (CoverFlowGeometry).
                defaultParallaxAmount: 181, defaultStrategy: .scrollCallback,
                // Slow enough to read the covers, fast enough to see the stacks slide.
                autoScrollSpeed: 40)
        }
    }
}
