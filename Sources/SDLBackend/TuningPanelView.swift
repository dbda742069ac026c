import ParallaxKit
import Presentation

/// Draws the open tuning panel with Dear ImGui and reports what the
/// person did: the edited values and the buttons pressed. It changes nothing itself: the
/// window turns edits into commands (`TuningPanel.commands(to:)`).
public enum TuningPanelView {
    public enum Action: Equatable, Sendable {
        case close, reset, toggleVSync, screenshot, toggleRecording
    }

    public struct Outcome {
        public var edited: TuningPanel
        public var actions: [Action] = []
        /// Where the panel is, in points: presses there are the panel's.
        public var frame: Rect
    }

    public static func draw(_ panel: TuningPanel, vsync: Bool, recording: Bool, with layer: ImGuiLayer) -> Outcome {
        let origin = Point(x: TuningPanel.margin, y: TuningPanel.margin)
        var edited = panel
        var actions: [Action] = []
        let frame = layer.window("Tuning (T to close)", at: origin, width: TuningPanel.width) {
            _ = layer.combo("scene", &edited.sceneIndex, TuningPanel.sceneNames)
            _ = layer.combo("strategy", &edited.strategyIndex, TuningPanel.strategyNames)
            _ = layer.slider("parallax", &edited.parallax, in: edited.parallaxRange, format: "%.1f pt")
            _ = layer.slider("items", &edited.items, in: TuningPanel.itemRange, format: "%.0f", logarithmic: true)
            _ = layer.checkbox("reduce motion", &edited.reduceMotion)
            var vsyncOn = vsync
            if layer.checkbox("vsync", &vsyncOn) { actions.append(.toggleVSync) }
            layer.separator()
            if layer.button("Reset to the scene's defaults") { actions.append(.reset) }
            if layer.button("Shot (P)") { actions.append(.screenshot) }
            layer.sameLine()
            if layer.button(recording ? "Stop recording (R)" : "Record (R)") { actions.append(.toggleRecording) }
            layer.sameLine()
            if layer.button("Close") { actions.append(.close) }
        }
        return Outcome(edited: edited, actions: actions, frame: frame)
    }
}
