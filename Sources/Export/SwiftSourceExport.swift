import ParallaxKit

/// `export --format uikit | swiftui`: the tuned scene as Swift source for the seeds' platform.
///
/// `TunedParallax.swift` is the mapping as a pure function of plain numbers (no UIKit, no
/// CoreGraphics), so it compiles anywhere Swift does: the tests compile it on Linux and check
/// it against `trace`. The glue (a layout subclass, a scroll callback, a SwiftUI modifier)
/// needs UIKit or SwiftUI, which Linux lacks: the tests only parse it (`swiftc -parse`).
public struct SwiftSourceExport: Sendable {
    public enum Format: Sendable { case uikit, swiftui }

    public var scene: Scene
    public var amount: Double
    public var strategy: ParallaxStrategy
    /// The tuned feel: UIKit's deceleration goes into the code; another platform's engine
    /// cannot run in a UIScrollView, and the code says so.
    public var physics: ScrollPhysics

    public init(scene: Scene, amount: Double, strategy: ParallaxStrategy, physics: ScrollPhysics = .uikit) {
        self.scene = scene
        self.amount = amount
        self.strategy = strategy
        self.physics = physics
    }

    public static let mappingFile = "TunedParallax.swift"

    public func files(format: Format) -> [(name: String, text: String)] {
        switch format {
        case .uikit:
            return [(Self.mappingFile, mappingSource()), ("ParallaxUIKit.swift", uikitSource()), ("README.md", readme(format: "UIKit"))]
        case .swiftui:
            return [(Self.mappingFile, mappingSource()), ("ParallaxSwiftUI.swift", swiftUISource()), ("README.md", readme(format: "SwiftUI"))]
        }
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) + ".0" : "\(value)"
    }

    private var vertical: Bool { scene.axis == .vertical }

    /// The body of `displacement(...)`: the scene's seed, in plain arithmetic.
    private var mappingBody: String {
        switch scene.mapping {
        case .begemann, .kurutepe:
            let sign = scene.mapping == .kurutepe ? "-" : ""
            return """
                    // Seed \(scene.mapping == .kurutepe ? "003 (Kurutepe): seed 000's rule with the opposite sign" : "000 (Begemann)"): \
                the shift grows with the distance between the cell's centre and the
                        // visible bounds' centre, reaching `amount` as the cell leaves.
                        let reach = boundsHeight / 2 + cellHeight / 2
                        guard reach > 0 else { return 0 }
                        let raw = ((boundsMinY + boundsHeight / 2) - (cellMinY + cellHeight / 2)) * amount / reach
                        guard raw.isFinite else { return 0 }
                        return \(sign)min(max(raw, -amount), amount)
                """
        case .leth(let labelHeight):
            return """
                        // Seed 001 (Leth): only the image container (above \(number(labelHeight)) pt of labels) moves; the
                        // ratio runs 1 → 0 as the container crosses the space between the bars.
                        let labelHeight = \(number(labelHeight))
                        let containerMaxY = cellMinY + cellHeight - boundsMinY - labelHeight
                        let span = boundsHeight + (cellHeight - labelHeight) - contentInsetTop - contentInsetBottom
                        guard span > 0 else { return 0 }
                        let ratio = (containerMaxY - contentInsetTop) / span
                        guard ratio.isFinite else { return 0 }
                        // The image is 2·amount taller than its container; its top is −2·amount·ratio.
                        return amount - 2 * amount * min(1, max(0, ratio))
                """
        case .patel:
            return """
                        // Seed 002 (Patel): f = (cellY + cellH)/(tableH + cellH), clamped; the image, 2·amount
                        // taller than the row, sits (1 − f)·2·amount above the row's top.
                        let span = boundsHeight + cellHeight
                        guard span > 0 else { return 0 }
                        let f = (cellMinY - boundsMinY + cellHeight) / span
                        guard f.isFinite else { return 0 }
                        return amount - (1 - min(1, max(0, f))) * 2 * amount
                """
        case .jensen:
            return """
                        // Seed 004 (Jensen): the cell's position −1…1 across the width; the back layer moves
                        // the whole shift, from +amount (entering on the left) to −amount; layer i of n
                        // moves i/(n − 1) of it.
                        let minX = boundsMinX - cellWidth
                        let maxX = boundsMinX + boundsWidth
                        guard maxX > minX else { return 0 }
                        let p = 2 / (maxX - minX) * (cellMinX - minX) - 1
                        guard p.isFinite else { return 0 }
                        return -amount * min(1, max(-1, p))
                """
        }
    }

    /// The pure mapping, with the tuned numbers.
    public func mappingSource() -> String {
        let insets = scene.contentInsets
        return """
            // Generated by `parallax-playground export`: the \(scene.id.name) scene (\(scene.source)),
            // amount \(number(amount)) pt. Pure Swift: no UIKit, no CoreGraphics, so it builds and can be
            // tested on any platform.

            /// The tuned parallax of the \(scene.id.name) scene: how far a cell's image moves from centred.
            public enum TunedParallax {
                /// The largest shift either way, in points (the value tuned in the playground).
                public static let amount = \(number(amount))
                /// How far the image reaches past its cell at each end, in points: the amount, so
                /// the image always covers the cell, unless the playground tuned it otherwise.
                public static let overscan = \(number(scene.cellLayout.imageOverscan ?? amount))
                /// The scroll view's content insets the mapping accounts for (seed 001's bars).
                public static let contentInsetTop = \(number(insets.top))
                public static let contentInsetBottom = \(number(insets.bottom))
                /// Along which axis the image moves.
                public static let isVertical = \(vertical)

                /// The image's displacement from centred in its cell, in points (+ is down, or right
                /// for a horizontal list), for a cell frame and the visible bounds, both in the
                /// scroll view's content coordinates.
                public static func displacement(
                    cellMinX: Double, cellMinY: Double, cellWidth: Double, cellHeight: Double,
                    boundsMinX: Double, boundsMinY: Double, boundsWidth: Double, boundsHeight: Double,
                    amount: Double = TunedParallax.amount
                ) -> Double {
            \(mappingBody)
                }
            }

            """
    }

    public func uikitSource() -> String {
        let offsetExpression = vertical ? "CGPoint(x: 0, y: shift)" : "CGPoint(x: shift, y: 0)"
        let callback = strategy == .scrollCallback || strategy == .off
        let shape = callback
            ? "the scroll callback (seed 003's shape): `scrollViewDidScroll` walks the visible cells and sets their offset"
            : "layout attributes carrying `parallaxOffset` (seed 000's shape), recomputed on every bounds change"
        return """
            // Generated by `parallax-playground export --format uikit`: \(shape).
            // Needs UIKit: checked on Linux with `swiftc -parse` only.
            import UIKit

            /// Layout attributes that carry the image's shift to the cell.
            final class ParallaxLayoutAttributes: UICollectionViewLayoutAttributes {
                var parallaxOffset: CGPoint = .zero

                override func copy(with zone: NSZone? = nil) -> Any {
                    let copy = super.copy(with: zone) as! ParallaxLayoutAttributes
                    copy.parallaxOffset = parallaxOffset
                    return copy
                }

                override func isEqual(_ object: Any?) -> Bool {
                    guard let other = object as? ParallaxLayoutAttributes, other.parallaxOffset == parallaxOffset else { return false }
                    return super.isEqual(object)
                }
            }

            /// A flow layout that computes every visible item's shift from `TunedParallax` and
            /// invalidates on every bounds change.
            class ParallaxFlowLayout: UICollectionViewFlowLayout {
                override class var layoutAttributesClass: AnyClass { ParallaxLayoutAttributes.self }

                override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { \(callback ? "false" : "true") }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    super.layoutAttributesForElements(in: rect)?.map { attributes in
                        let copy = attributes.copy() as! ParallaxLayoutAttributes
                        copy.parallaxOffset = shift(for: copy.frame)
                        return copy
                    }
                }

                override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    guard let attributes = super.layoutAttributesForItem(at: indexPath)?.copy() as? ParallaxLayoutAttributes else { return nil }
                    attributes.parallaxOffset = shift(for: attributes.frame)
                    return attributes
                }

                func shift(for frame: CGRect) -> CGPoint {
                    guard let bounds = collectionView?.bounds else { return .zero }
                    let shift = CGFloat(TunedParallax.displacement(
                        cellMinX: frame.minX, cellMinY: frame.minY, cellWidth: frame.width, cellHeight: frame.height,
                        boundsMinX: bounds.minX, boundsMinY: bounds.minY, boundsWidth: bounds.width, boundsHeight: bounds.height))
                    return \(offsetExpression)
                }
            }

            /// A cell whose image is `2 × overscan` longer than the cell along the axis, clipped, and
            /// moved by the shift.
            class ParallaxCell: UICollectionViewCell {
                let imageView = UIImageView()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    contentView.clipsToBounds = true
                    imageView.contentMode = .scaleAspectFill
                    contentView.addSubview(imageView)
                }

                required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

                var parallaxOffset: CGPoint = .zero {
                    didSet { setNeedsLayout() }
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    let a = CGFloat(TunedParallax.overscan)
                    let grown = TunedParallax.isVertical ? bounds.insetBy(dx: 0, dy: -a) : bounds.insetBy(dx: -a, dy: 0)
                    imageView.frame = grown.offsetBy(dx: parallaxOffset.x, dy: parallaxOffset.y)
                }

                override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
                    super.apply(layoutAttributes)
                    if let attributes = layoutAttributes as? ParallaxLayoutAttributes { parallaxOffset = attributes.parallaxOffset }
                }
            }

            /// The scroll-callback version: call from `scrollViewDidScroll(_:)` and from
            /// `collectionView(_:willDisplay:forItemAt:)`, so a cell never shows unshifted.
            func updateParallax(of collectionView: UICollectionView) {
                let bounds = collectionView.bounds
                for case let cell as ParallaxCell in collectionView.visibleCells {
                    let frame = cell.frame
                    let shift = CGFloat(TunedParallax.displacement(
                        cellMinX: frame.minX, cellMinY: frame.minY, cellWidth: frame.width, cellHeight: frame.height,
                        boundsMinX: bounds.minX, boundsMinY: bounds.minY, boundsWidth: bounds.width, boundsHeight: bounds.height))
                    cell.parallaxOffset = \(offsetExpression)
                }
            }

            """ + uikitPhysicsSource()
    }

    public func swiftUISource() -> String {
        let translate = vertical ? "y" : "x"
        return """
            // Generated by `parallax-playground export --format swiftui`: a `visualEffect` modifier that
            // shifts a cell's image by `TunedParallax`. Needs SwiftUI (iOS 17, macOS 14): checked on
            // Linux with `swiftc -parse` only.
            import SwiftUI

            extension View {
                /// Makes this image `2 × overscan` longer than its cell along the scroll axis, centred,
                /// clipped to the cell, and shifted by the tuned parallax as the scroll view scrolls.
                func tunedParallax() -> some View {
                    modifier(TunedParallaxModifier())
                }
            }

            struct TunedParallaxModifier: ViewModifier {
                func body(content: Content) -> some View {
                    GeometryReader { cell in
                        let a = CGFloat(TunedParallax.overscan)
                        content
                            .frame(width: cell.size.width + (TunedParallax.isVertical ? 0 : 2 * a),
                                   height: cell.size.height + (TunedParallax.isVertical ? 2 * a : 0))
                            // Centred in a cell-sized frame: the image overhangs `a` on both ends.
                            .frame(width: cell.size.width, height: cell.size.height)
                            .visualEffect { effect, proxy in
                                // The cell's frame relative to the scroll view's visible area: every
                                // seed's mapping depends only on the cell's place in that area.
                                let frame = proxy.frame(in: .scrollView)
                                let visible = proxy.bounds(of: .scrollView) ?? .zero
                                let shift = TunedParallax.displacement(
                                    cellMinX: frame.minX, cellMinY: frame.minY, cellWidth: frame.width, cellHeight: frame.height,
                                    boundsMinX: 0, boundsMinY: 0, boundsWidth: visible.width, boundsHeight: visible.height)
                                return effect.offset(\(translate): shift)
                            }
                    }
                    .clipped()
                }
            }

            """
    }

    public func readme(format: String) -> String {
        """
        # \(scene.title): parallax for \(format)

        Exported by `parallax-playground export --format \(format.lowercased())` from the \(scene.id.name) scene
        (\(scene.source)) with a parallax amount of \(number(amount)) pt.

        - `\(Self.mappingFile)`: the mapping, a pure function of the cell's frame and the visible bounds.
          Verified: the playground's tests compile it with `swiftc` on Linux and check it against
          `parallax-playground trace`.
        - The \(format) glue: not verified beyond `swiftc -parse` (\(format) does not exist on Linux,
          where the playground is tested). Build it in Xcode before relying on it.

        """
    }
}
