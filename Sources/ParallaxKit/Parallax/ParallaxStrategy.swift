/// Who computes the image shifts, switchable between frames.
public enum ParallaxStrategy: String, Hashable, Sendable, CaseIterable {
    /// Kurutepe's: on each scroll, visible cells that opt in get their shift; the layout never
    /// invalidates for scrolling.
    case scrollCallback = "scroll-callback"
    /// Begemann's: the layout invalidates on every bounds change and recomputes every
    /// attribute, the shifts included.
    case layoutInvalidation = "layout-invalidation"
    /// The variant Begemann describes but never shipped: an invalidation context that keeps
    /// the geometry and recomputes only the shifts of the attributes in the visible rect.
    case cachedLayout = "cached-layout"
    /// No parallax: images stay centred.
    case off

    /// The name used on the command line and in traces.
    public var name: String { rawValue }

    /// A new, detached shift strategy that computes the shifts this way.
    public func makeShiftStrategy() -> any ShiftStrategy {
        switch self {
        case .scrollCallback: ScrollCallbackStrategy()
        case .layoutInvalidation: InvalidatingLayoutStrategy()
        case .cachedLayout: CachedLayoutStrategy()
        case .off: NoParallaxStrategy()
        }
    }

    /// Parses a command-line name; nil for anything else.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    public static var validNames: String { allCases.map(\.name).joined(separator: ", ") }
}
