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
    /// The window's title: the app, the scene and the strategy actually running. ASCII only:
    /// SDL 2.26's X11 driver converts titles through the C library's locale, which is "C"
    /// in this process, and fails on anything else; window managers then keep showing the
    /// first title (_NET_WM_NAME) however often it changes.
    public var windowTitle: String {
        "Parallax Playground - \(scene.title) - \(effectiveStrategy.title)"
    }

    /// The window's title with `comparison`'s panes beside this playground (the first pane):
    /// the scene they share and what they compare, or only what they compare when they differ
    /// in their scenes. ASCII only, as `windowTitle`.
    public func windowTitle(comparing comparison: Comparison?) -> String {
        guard let comparison else { return windowTitle }
        if comparison.axis == .scene { return "Parallax Playground - comparing \(comparison.countedValues)" }
        return "Parallax Playground - \(scene.title) - comparing \(comparison.countedValues)"
    }
}

extension Comparison {
    /// How many values the panes compare, in words (always two or more): "4 strategies",
    /// "5 techniques", "2 amounts", "3 scenes".
    public var countedValues: String {
        if axis == .motion {
            // Two values at most: "full and reduced motion", or the one shown in every pane.
            return Set(values).count > 1 ? "full and reduced motion" : "\(values.count) panes of \(values[0]) motion"
        }
        let noun = switch axis {
        case .strategy: "strategies"
        case .technique: "techniques"
        case .parallax: "amounts"
        case .scene: "scenes"
        case .physics: "platforms' physics"
        case .motion: "motions"
        }
        return "\(values.count) \(noun)"
    }
}
