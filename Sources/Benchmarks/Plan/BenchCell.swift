import ParallaxKit
import Presentation

/// One cell of the strategy-cost matrix: a scene, a strategy and a list length; in the window
/// section also a comparison (`compare`, as `--compare` takes it), whose panes share the
/// window as the app's do.
public struct BenchCell: Hashable, Sendable {
    public var scene: SceneID
    public var strategy: ParallaxStrategy
    public var items: Int
    /// `AXIS=A,B,…`: the panes the window shows side by side; nil for one pane.
    public var compare: String?
    /// The tuning panel open over the frame (the window section's `photos+T` row).
    public var tuningPanel: Bool
    /// The window's R-key recorder capturing every frame (the window section's `photos+R` row).
    public var recording: Bool

    public init(scene: SceneID, strategy: ParallaxStrategy, items: Int, compare: String? = nil, tuningPanel: Bool = false,
                recording: Bool = false) {
        self.tuningPanel = tuningPanel
        self.recording = recording
        self.scene = scene
        self.strategy = strategy
        self.items = items
        self.compare = compare
    }

    /// The cell's comparison, parsed; nil for one pane (and for a malformed one, which the
    /// plan never builds).
    var comparison: Comparison? { compare.flatMap { try? Comparison(parsing: $0) } }

    /// The recording row's mark (`photos+R`): the recorder's cost is judged by its own target,
    /// not against a bare loop that does not record.
    public static let recordingSuffix = "+R"

    /// The name of the cell's row in tables and JSON: the scene, with `×N` for N compared panes.
    public var rowName: String {
        if tuningPanel { return "\(scene.name)+T" }
        if recording { return scene.name + Self.recordingSuffix }
        guard let count = comparison?.values.count else { return scene.name }
        return "\(scene.name)×\(count)"
    }

    public var label: String {
        let panes = (comparison.map { " · \($0.values.count) panes of \($0.axis.rawValue)" } ?? "") + (tuningPanel ? " · tuning panel open" : "") + (recording ? " · recording" : "")
        return "\(scene.name) · \(strategy.title) · \(NumberFormat.count(items)) items\(panes)"
    }
}
