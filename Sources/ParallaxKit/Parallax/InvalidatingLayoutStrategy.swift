/// Ole Begemann's strategy (his "Parallax Scrolling" sample): the layout answers yes to
/// `shouldInvalidateLayout(forBoundsChange:)` for every scroll and throws everything away, so
/// `prepare` recomputes every item's frame and each attribute is handed out with its
/// `parallaxOffset`. Simple and exact; its cost grows with the whole list, not the screen.
public final class InvalidatingLayoutStrategy: LayoutDrivenStrategy {
    public init() {
        // Everything: the sample keeps no cache between scrolls.
        super.init(strategy: .layoutInvalidation, scrollInvalidationContext: .everything)
    }
}
