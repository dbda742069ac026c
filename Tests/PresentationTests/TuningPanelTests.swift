import ParallaxKit
import Presentation
import Testing

/// The tuning panel's values and the commands its edits give.
@Suite struct TuningPanelTests {
    let playground = Playground(scene: .photos, viewportSize: Size(width: 800, height: 600))

    @Test func thePanelReadsThePlayground() {
        let panel = TuningPanel(playground)
        #expect(TuningPanel.sceneNames[panel.sceneIndex] == "Photos")
        #expect(panel.parallax == 30 && panel.parallaxRange == 0...120)
        #expect(panel.items == 36 && !panel.reduceMotion)
        #expect(panel.commands(to: panel).isEmpty, "nothing edited, nothing sent")
    }

    @Test func eachEditedControlGivesOneCommand() {
        let panel = TuningPanel(playground)
        var edited = panel
        edited.sceneIndex = SceneID.allCases.firstIndex(of: .quilt)!
        edited.strategyIndex = ParallaxStrategy.allCases.firstIndex(of: .off)!
        edited.parallax = 47.26
        edited.items = 999.6
        edited.reduceMotion = true
        #expect(panel.commands(to: edited) == [
            .scene(.quilt), .strategy(.off), .setParallax(47.3), .setItemCount(1000), .setReduceMotion(true),
        ])
        var wild = panel
        wild.items = 1e12
        wild.parallax = .nan
        wild.sceneIndex = 99
        #expect(panel.commands(to: wild) == [.setItemCount(1_000_000)], "out-of-range values are clamped or dropped")
    }

    /// An edit reaches every compared pane as a command; one that would change the compared
    /// setting leaves each pane its own value.
    @Test func panelCommandsReachEveryPaneButTheComparedSetting() throws {
        let group = PaneGroup(base: PlaygroundSettings(scene: .photos), comparison: try Comparison(parsing: "parallax=10,50"),
                              surfaceSize: Size(width: 800, height: 600))
        group.enqueue(.input(TimedEvent(time: 0, event: .command(.setItemCount(500)))))
        group.enqueue(.input(TimedEvent(time: 0, event: .command(.setParallax(80)))))
        group.run(at: 0)
        #expect(group.panes.map(\.playground.itemCount) == [500, 500])
        #expect(group.panes.map(\.playground.parallaxAmount) == [10, 50])
    }
}
