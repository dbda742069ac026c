import Foundation
import Panes
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

    @Test func theCellSlidersStartAtTheScenesOwnAndSendWholePoints() {
        let panel = TuningPanel(playground)
        #expect(panel.cellLayout == .sceneDefaults)
        #expect(panel.shownValue(.cellSpacing) == 40 && panel.shownValue(.imageOverscan) == 30)
        #expect(panel.shownValue(.cellHeight) == playground.layout.frames[0].height, "the photo list's first cell")
        let quilt = TuningPanel(Playground(scene: .quilt, viewportSize: Size(width: 800, height: 600)))
        #expect(quilt.shownValue(.cellHeight) == 200, "800 pt in four 200 pt blocks")
        var edited = panel
        edited.cellLayout.spacing = 12.4
        edited.cellLayout.imageOverscan = 0
        #expect(panel.commands(to: edited) == [.setCellLayout(.cellSpacing, 12), .setCellLayout(.imageOverscan, 0)])
        var back = edited
        back.cellLayout = .sceneDefaults
        #expect(edited.commands(to: back) == [.setCellLayout(.cellSpacing, nil), .setCellLayout(.imageOverscan, nil)],
                "all auto gives each knob back to the scene")
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

    @Test(arguments: [
        (91.5, true, "auto: %.1f pt"), (92.0, true, "auto: %.0f pt"), (40.0, false, "%.0f pt"), (40.5, false, "%.1f pt"),
    ])
    func aCellSliderShowsTheValueTheCellsHave(value: Double, isSceneOwn: Bool, format: String) {
        // An overscan following a 91.5 pt amount had read "auto: 92 pt".
        #expect(TuningPanel.cellSliderFormat(.imageOverscan, value: value, isSceneOwn: isSceneOwn) == format)
    }

    /// The physics tooltip describes the chosen engine from its own data: its source and its
    /// coast's formula, and UIKit's constants only where the knobs tune them.
    @Test(arguments: ScrollEngineName.allCases)
    func thePhysicsTooltipDescribesTheChosenEngine(engine: ScrollEngineName) {
        let tooltip = TuningPanel.physicsTooltip(engine)
        #expect(tooltip.contains(engine.longTitle) && tooltip.contains(engine.source) && tooltip.contains(engine.formula))
        let uikitConstants = "deceleration-rate 0.998, rubber-band 0.55, spring-stiffness 100, spring-damping 1"
        #expect(tooltip.contains(uikitConstants) == (engine == .uikit), "\(tooltip)")
        if engine != .uikit { #expect(tooltip.contains(engine.rule)) }
    }

    /// The parallax and item sliders show their values as their descriptors say: the amount
    /// to a tenth of a point, the count whole on a logarithmic scale.
    @Test func theSlidersFormatAsTheirDescriptorsSay() {
        #expect(String(format: Playground.parallaxAmountKnob.sliderFormat, 4.5) == "4.5 pt")
        #expect(String(format: Playground.itemCountKnob.sliderFormat, 36.0) == "36")
        #expect(Playground.itemCountKnob.sliderIsLogarithmic)
        #expect(TuningPanel.itemRange == Playground.itemCountKnob.sliderRange)
    }
}
