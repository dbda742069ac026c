/// Who computes the image shifts, switchable between frames.
public enum ParallaxStrategy: String, Hashable, Sendable, CaseIterable {
    /// Seed 003: on each scroll, visible cells that opt in get their shift; the layout never
    /// invalidates for scrolling.
    case scrollCallback = "scroll-callback"
    /// Seed 000: the layout invalidates on every bounds change and recomputes every
    /// attribute, the shifts included.
    case layoutInvalidation = "layout-invalidation"
    /// The variant seed 000 describes but never shipped: an invalidation context that keeps
    /// the geometry and recomputes only the shifts of the attributes in the visible rect.
    case cachedLayout = "cached-layout"
    /// No parallax: images stay centred.
    case off

    /// The name used on the command line and in traces.
    public var name: String { rawValue }

    public var title: String {
        switch self {
        case .scrollCallback: "scroll callback"
        case .layoutInvalidation: "layout invalidation"
        case .cachedLayout: "cached layout"
        case .off: "off"
        }
    }

    /// Parses a command-line name; nil for anything else.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    public static var validNames: String { allCases.map(\.name).joined(separator: ", ") }
}

/// What a strategy did in one frame.
public struct StrategyWork: Hashable, Sendable {
    /// Layout invalidations (of any kind) triggered.
    public var invalidations = 0
    /// Layout attributes whose geometry or parallax the layout (re)computed.
    public var attributesComputed = 0
    /// Cells whose image shift was set.
    public var cellsUpdated = 0

    public init(invalidations: Int = 0, attributesComputed: Int = 0, cellsUpdated: Int = 0) {
        self.invalidations = invalidations
        self.attributesComputed = attributesComputed
        self.cellsUpdated = cellsUpdated
    }

    public static func + (a: StrategyWork, b: StrategyWork) -> StrategyWork {
        StrategyWork(
            invalidations: a.invalidations + b.invalidations,
            attributesComputed: a.attributesComputed + b.attributesComputed,
            cellsUpdated: a.cellsUpdated + b.cellsUpdated)
    }
}
