/// The variant Begemann's article describes but its sample never shipped: the layout still invalidates on
/// every scroll, but with an invalidation context that says only the parallax changed, so the
/// frames stay cached and only the attributes handed out for the visible rectangle get a new
/// shift. Its cost follows what is visible, like the scroll callback's.
public final class CachedLayoutStrategy: LayoutDrivenStrategy {
    public init() {
        // Only the shifts: the geometry of same-sized bounds is still right.
        super.init(strategy: .cachedLayout, scrollInvalidationContext: .parallaxOnly)
    }
}
