import Foundation
import ParallaxKit
import Presentation
import Testing
import TuningUI
@testable import SDLBackend

/// The tuning panel under a person's hand: rows that stay where the pointer aims, quick
/// clicks and repeated keys that each count, and a list that keeps the pointer while it is open.
extension HeadlessSDLTests {
    /// The panel drawn with `layer` for `frames` frames at 1280×800, each after `input` for
    /// that frame; returns the last outcome.
    @discardableResult
    private func drawPanel(_ panel: TuningPanel, with layer: ImGuiLayer, frames: Int = 3, startingAt first: Int = 0,
                           recording: Bool = false, presets: [String] = [], unusable: [String: String] = [:],
                           form: PresetForm = PresetForm(), input: (Int) -> Void = { _ in }) -> TuningPanelView.Outcome {
        var outcome: TuningPanelView.Outcome?
        for k in first..<(first + frames) {
            input(k)
            layer.beginFrame(size: Size(width: 1280, height: 800), time: Double(k) / 60)
            outcome = TuningPanelView.draw(panel, vsync: true, recording: recording, presets: presets, unusablePresets: unusable, presetForm: form,
                                           suggestedName: "photos-scroll-callback-30pt-36",
                                           presetFolder: "~/.config/parallax-playground/presets", with: layer)
            layer.render()
        }
        return outcome!
    }

    @Test func thePanelsRowsStayInPlaceWhateverItShows() throws {
        let sdl = try Headless(size: Size(width: 1280, height: 800))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        layer.recordsWidgetFrames = true
        let plain = TuningPanel(Playground(scene: .photos, viewportSize: Size(width: 1280, height: 800)))
        var cellsTuned = plain
        cellsTuned.cellLayout[.cellSpacing] = 80
        var asking = PresetForm()
        asking.name = "mine"
        _ = asking.save(suggested: "x", saved: ["mine"], isValid: { _ in true })
        var saved = PresetForm()
        saved.status = "Saved ~/.config/parallax-playground/presets/a-rather-long-preset-name-for-the-row.json"
        var frames: [[String: Rect]] = []
        var k = 0
        for (panel, recording, presets, form) in [
            (plain, false, [String](), PresetForm()), (cellsTuned, false, [], PresetForm()), (plain, true, [], PresetForm()),
            (plain, false, ["mine", "other"], asking), (plain, false, ["mine"], saved),
        ] {
            drawPanel(panel, with: layer, startingAt: k, recording: recording, presets: presets, form: form)
            k += 3
            frames.append(layer.widgetFrames)
        }
        let everywhere = frames.dropFirst().reduce(Set(frames[0].keys)) { $0.intersection($1.keys) }
        for label in ["cells: all auto", "vsync", "Reset to the scene's defaults", "Shot (P)", "Close", "Save preset",
                      "##preset name", "##load preset", "reduce motion", "image-overscan"] {
            #expect(everywhere.contains(label), "'\(label)' is drawn in every state")
        }
        for label in everywhere {
            let places = frames.map { $0[label]! }
            #expect(Set(places.map { "\($0)" }).count == 1, "'\(label)' stays in place: \(places)")
        }
        // The Record button's two labels are one button in one place.
        #expect(frames[0]["Record (R)"] == frames[2]["Stop recording (R)"])
    }

    @Test func aPressAndItsReleaseInOneFrameAreAClick() throws {
        let sdl = try Headless(size: Size(width: 1280, height: 800))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        layer.recordsWidgetFrames = true
        var panel = TuningPanel(Playground(scene: .photos, viewportSize: Size(width: 1280, height: 800)))
        var outcome = drawPanel(panel, with: layer)
        let box = try #require(layer.widgetFrames["reduce motion"])
        let point = Point(x: box.minX + 8, y: box.midY)
        // Five clicks, each pressed and released before the next frame (xdotool's, a tap's):
        // every one reaches ImGui, a frame for the press and one for the release.
        for _ in 0..<5 {
            #expect(layer.handle(.pointerDown(point), over: outcome.frame), "a press on the panel is the panel's")
            #expect(layer.handle(.pointerUp(point), over: outcome.frame))
        }
        var toggles = 0
        for k in 3..<20 {
            outcome = drawPanel(panel, with: layer, frames: 1, startingAt: k)
            if outcome.edited.reduceMotion != panel.reduceMotion {
                toggles += 1
                panel.reduceMotion = outcome.edited.reduceMotion
            }
        }
        #expect(toggles == 5)
        #expect(panel.reduceMotion, "an odd number of clicks leaves it on")
        #expect(!layer.hasPendingInput)
    }

    @Test func anOpenListKeepsThePointerAndAPickLoadsIt() throws {
        let sdl = try Headless(size: Size(width: 1280, height: 800))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        layer.recordsWidgetFrames = true
        let panel = TuningPanel(Playground(scene: .photos, viewportSize: Size(width: 1280, height: 800)))
        let presets = ["first", "second"]
        var outcome = drawPanel(panel, with: layer, presets: presets)
        let combo = try #require(layer.widgetFrames["##load preset"])
        let opener = Point(x: combo.minX + 20, y: combo.midY)
        layer.handle(.pointerDown(opener), over: outcome.frame)
        layer.handle(.pointerUp(opener), over: outcome.frame)
        outcome = drawPanel(panel, with: layer, frames: 3, startingAt: 3, presets: presets)
        #expect(layer.popupIsOpen)
        // The list hangs past the panel's edge: its second name is below the panel's frame.
        let second = Point(x: combo.minX + 20, y: combo.maxY + 4 + 2.5 * combo.height)
        #expect(!outcome.frame.contains(second), "the list's last name lies outside the panel (\(outcome.frame))")
        #expect(layer.handle(.hover(second), over: outcome.frame) == false)
        outcome = drawPanel(panel, with: layer, frames: 2, startingAt: 6, presets: presets)
        #expect(layer.popupIsOpen, "hovering a name keeps the list open")
        #expect(layer.pointerIsOverPanel, "the pointer over the list is over the panel")
        #expect(layer.handle(.pointerDown(second), over: outcome.frame), "a press on the open list is the panel's, not the list's")
        #expect(layer.handle(.pointerUp(second), over: outcome.frame))
        var loaded: [TuningPanelView.Action] = []
        for k in 8..<12 {
            loaded += drawPanel(panel, with: layer, frames: 1, startingAt: k, presets: presets).actions
        }
        #expect(loaded == [.loadPreset("second")])
        #expect(!layer.popupIsOpen)
        // With the list closed, a press outside the panel is the list's again.
        #expect(layer.handle(.pointerDown(Point(x: 900, y: 500)), over: outcome.frame) == false)
        layer.handle(.pointerUp(Point(x: 900, y: 500)), over: outcome.frame)
    }

    /// A preset that will not load is listed, dimmed, and a click on it loads nothing (the list
    /// stays open); the one beside it loads.
    @Test func aPresetThatWillNotLoadIsNotPickedByAClick() throws {
        let sdl = try Headless(size: Size(width: 1280, height: 800))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        layer.recordsWidgetFrames = true
        let panel = TuningPanel(Playground(scene: .photos, viewportSize: Size(width: 1280, height: 800)))
        let presets = ["broken", "fine"], unusable = ["broken": "parallax takes a number from 0 to 1000 points"]
        var k = 0
        func draw(_ frames: Int) -> TuningPanelView.Outcome {
            defer { k += frames }
            return drawPanel(panel, with: layer, frames: frames, startingAt: k, presets: presets, unusable: unusable)
        }
        func click(_ p: Point, on outcome: TuningPanelView.Outcome) {
            layer.handle(.pointerDown(p), over: outcome.frame)
            layer.handle(.pointerUp(p), over: outcome.frame)
        }
        var outcome = draw(3)
        let combo = try #require(layer.widgetFrames["##load preset"])
        // The list: "load a preset…", then each name, a row as tall as the closed box.
        func row(_ n: Int) -> Point { Point(x: combo.minX + 20, y: combo.maxY + 4 + (Double(n) + 0.5) * combo.height) }
        click(Point(x: combo.minX + 20, y: combo.midY), on: outcome)
        outcome = draw(3)
        #expect(layer.popupIsOpen)
        click(row(1), on: outcome)
        var actions: [TuningPanelView.Action] = []
        for _ in 0..<4 { actions += draw(1).actions }
        #expect(actions.isEmpty, "the preset that will not load is not loaded: \(actions)")
        #expect(layer.popupIsOpen, "the list stays open for another pick")
        outcome = draw(1)
        click(row(2), on: outcome)
        for _ in 0..<4 { actions += draw(1).actions }
        #expect(actions == [.loadPreset("fine")])
    }

    @Test func theNameFieldTakesTypingAndEachRepeatedKey() throws {
        let sdl = try Headless(size: Size(width: 1280, height: 800))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        layer.recordsWidgetFrames = true
        let panel = TuningPanel(Playground(scene: .photos, viewportSize: Size(width: 1280, height: 800)))
        var form = PresetForm()
        var outcome = drawPanel(panel, with: layer, form: form)
        let field = try #require(layer.widgetFrames["##preset name"])
        #expect(layer.handle(.key(.character("a"), []), over: outcome.frame) == false, "keys are the playground's until the field is clicked")
        layer.handle(.pointerDown(Point(x: field.midX, y: field.midY)), over: outcome.frame)
        layer.handle(.pointerUp(Point(x: field.midX, y: field.midY)), over: outcome.frame)
        var k = 3
        func frames(_ n: Int) {
            for _ in 0..<n {
                outcome = drawPanel(panel, with: layer, frames: 1, startingAt: k, form: form)
                form = outcome.presetForm
                k += 1
            }
        }
        frames(3)
        #expect(layer.editsText)
        #expect(layer.handle(.key(.character("t"), []), over: outcome.frame), "while it edits, the field takes the keys (T does not close the panel)")
        #expect(layer.handle(.text("my preset!"), over: outcome.frame))
        frames(2)
        #expect(form.name == "mypreset", "only a file name's characters are taken: \(form.name)")
        for _ in 0..<4 { layer.handle(.key(.backspace, []), over: outcome.frame) }
        frames(10)
        #expect(form.name == "mypr", "four Backspaces, pressed in one frame, remove four characters: \(form.name)")
        layer.handle(.key(.enter, []), over: outcome.frame)
        var actions: [TuningPanelView.Action] = []
        for _ in 0..<3 {
            outcome = drawPanel(panel, with: layer, frames: 1, startingAt: k, form: form)
            actions += outcome.actions
            k += 1
        }
        #expect(actions == [.savePreset], "Enter in the field saves")
        #expect(!layer.editsText, "and ends the editing: keys are the playground's again")
    }
}
