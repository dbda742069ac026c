import Foundation
import ParallaxKit

/// What the exported page needs to know of a scene: its layout rule (the page lays itself out
/// for its own width by the same rule), its cell style, its mapping and the tuned amount, and
/// the image files each photo and cover shows. Encoded as JSON inside `index.html`.
public struct WebScene: Encodable, Sendable {
    public var scene: String
    public var title: String
    public var source: String
    public var axis: String
    public var mapping: String
    /// The largest image displacement in points (CSS px), the tuned value.
    public var amount: Double
    /// Points the images reach past their cells at each end (`Playground.imageOverscan`: the
    /// amount unless the cells' shape says otherwise).
    public var overscan: Double
    /// False for `--strategy off` (and so a still page).
    public var motion: Bool
    /// The largest displacement while the reader prefers reduced motion, in points
    /// (`--reduced-amount` of the amount); nil: none, the images stay centred (and the page
    /// is byte for byte what it was before the knob existed).
    public var reducedAmount: Double?
    public var itemCount: Int
    public var insets: Insets
    public var layout: Layout
    public var style: Style
    public var photos: [Image]
    public var covers: [Image]
    /// The captions scene's tab bar (the app draws the same four tabs).
    public var tabs: [String]

    public struct Insets: Encodable, Sendable {
        public var top, left, bottom, right: Double
    }

    /// The app's `ItemGeometry` values, field for field; `parallax.js` ports their rules.
    public enum Layout: Encodable, Sendable {
        case flow(FlowGeometry)
        case table(TableRowGeometry)
        case quilt(QuiltGeometry)
        case coverFlow(CoverFlowGeometry)

        private enum Keys: String, CodingKey {
            case kind, columns, spacing, footer, minColumnWidth, fixedHeight, rowHeight, blockSide, tileInset
            case coverFraction, maximumCoverSide, paddingFraction, overlapFraction, fixedCoverSide, gap
            case wideRatio, tallRatio
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case .flow(let g):
                try c.encode("flow", forKey: .kind)
                try c.encode(g.columns, forKey: .columns)
                try c.encode(g.spacing, forKey: .spacing)
                try c.encode(g.footerHeight, forKey: .footer)
                try c.encode(g.minimumColumnWidth, forKey: .minColumnWidth)
                try c.encode(g.fixedCellHeight, forKey: .fixedHeight)
            case .table(let g):
                try c.encode("table", forKey: .kind)
                try c.encode(g.rowHeight, forKey: .rowHeight)
                try c.encode(g.spacing, forKey: .spacing)
            case .quilt(let g):
                try c.encode("quilt", forKey: .kind)
                try c.encode(g.blockSide, forKey: .blockSide)
                try c.encode(g.tileInset, forKey: .tileInset)
                try c.encode(QuiltGeometry.wideRatio, forKey: .wideRatio)
                try c.encode(QuiltGeometry.tallRatio, forKey: .tallRatio)
            case .coverFlow(let g):
                try c.encode("coverFlow", forKey: .kind)
                try c.encode(g.coverFraction, forKey: .coverFraction)
                try c.encode(g.maximumCoverSide, forKey: .maximumCoverSide)
                try c.encode(g.paddingFraction, forKey: .paddingFraction)
                try c.encode(g.overlapFraction, forKey: .overlapFraction)
                try c.encode(g.fixedCoverSide, forKey: .fixedCoverSide)
                try c.encode(g.gap, forKey: .gap)
            }
        }
    }

    /// The app's `CellStyle`.
    public struct Style: Encodable, Sendable {
        public var kind: String
        public var labelHeight: Double?
        public var tint: Double?
        public var layers: Int?
        public var scaleStep: Double?
        public var rise: Double?
    }

    /// One image: its shape (photos' aspect ratios set the flow's cell heights), its title, and
    /// its files at 1× and 2×, relative to `index.html`.
    public struct Image: Encodable, Sendable {
        public var ratio: Double
        public var title: String
        public var src: String
        public var src2x: String
        /// Width of `src` in pixels, for `srcset`'s width descriptors.
        public var width: Int
        /// Why the photo cannot be shown (no files then): the page shows a "can't show" tile.
        public var problem: String?

        /// No files: a tile naming `file` and `reason`, as the window's "can't show" tile.
        mutating func cannotShow(file: String, reason: String) {
            src = ""
            src2x = ""
            problem = "can't show \((file as NSString).lastPathComponent): \(reason)"
        }
    }

    /// The page of `scene` with `itemCount` items, shifting images by up to `amount` points;
    /// `photos` and `covers` are the image files made for it, in the app's order.
    public init(scene: Scene, amount: Double, motion: Bool, itemCount: Int, photos: [Image], covers: [Image],
                reducedAmountFraction: Double = 0) {
        let reduced = amount * reducedAmountFraction
        reducedAmount = reduced > 0 ? reduced : nil
        self.scene = scene.id.name
        title = scene.title
        source = scene.source
        axis = scene.axis == .vertical ? "vertical" : "horizontal"
        self.amount = amount
        overscan = scene.cellLayout.imageOverscan ?? amount
        self.motion = motion
        self.itemCount = itemCount
        let i = scene.contentInsets
        insets = Insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
        switch scene.mapping {
        case .begemann: mapping = "begemann"
        case .kurutepe: mapping = "kurutepe"
        case .leth: mapping = "leth"
        case .patel: mapping = "patel"
        case .jensen: mapping = "jensen"
        }
        switch scene.geometry {
        case let g as FlowGeometry: layout = .flow(g)
        case let g as TableRowGeometry: layout = .table(g)
        case let g as QuiltGeometry: layout = .quilt(g)
        case let g as CoverFlowGeometry: layout = .coverFlow(g)
        default: preconditionFailure("no page layout for \(type(of: scene.geometry))")
        }
        switch scene.cellStyle {
        case .photo: style = Style(kind: "photo")
        case .captioned(let h): style = Style(kind: "captioned", labelHeight: h)
        case .tintedRow(let t): style = Style(kind: "tintedRow", tint: t)
        case .coverStack(let n, let step, let rise): style = Style(kind: "coverStack", layers: n, scaleStep: step, rise: rise)
        }
        self.photos = photos
        self.covers = covers
        tabs = scene.contentInsets.bottom > 0 ? SceneRenderer.tabTitles : []
    }

    /// The image displacement at the two ends of a cell's crossing (CSS `animation-range:
    /// cover`: 0 % as the cell's leading edge enters the scrollport, 100 % as its trailing
    /// edge leaves), in points along the scene's axis. Every author's mapping is linear in that
    /// crossing between these ends and constant outside it (see DESIGN.md, "Explain").
    public var crossingEnds: (start: Double, end: Double) { crossingEnds(amount: amount) }

    /// The same ends for another amount (the reduced one).
    public func crossingEnds(amount: Double) -> (start: Double, end: Double) {
        switch mapping {
        // Begemann: (boundsMidY − cellMidY)·max/(boundsH/2 + cellH/2) is −max as the cell's top
        // meets the bottom edge and +max as its bottom meets the top edge; Leth's image top
        // −2A·ratio with ratio 1 → 0 over the same crossing between the bars gives −A → +A.
        case "begemann", "leth": return (-amount, amount)
        // Kurutepe negates Begemann; Patel's (1 − f)·2A above centre runs +A → −A as f runs 1 → 0.
        case "kurutepe", "patel": return (amount, -amount)
        // Jensen: the whole shift runs −padding (position +1, entering on the right) → +padding.
        default: return (-amount, amount)
        }
    }
}
