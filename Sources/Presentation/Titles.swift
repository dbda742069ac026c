import ParallaxKit

extension ParallaxStrategy {
    /// The strategy's name as the overlay, the window title and the reports write it.
    public var title: String {
        switch self {
        case .scrollCallback: "scroll callback"
        case .layoutInvalidation: "layout invalidation"
        case .cachedLayout: "cached layout"
        case .off: "off"
        }
    }
}

extension Playground {
    /// The window's title: the app, the scene and the strategy actually running.
    public var windowTitle: String {
        "Parallax Playground — \(scene.title) · \(effectiveStrategy.title)"
    }
}
