import ParallaxKit
import SDLBackend
import Presentation

/// Draws the open tuning panel with Dear ImGui and reports what the
/// person did: the edited values and the buttons pressed. It changes nothing itself: the
/// window turns edits into commands (`TuningPanel.commands(to:)`).
public enum TuningPanelView {
    public enum Action: Equatable, Sendable {
        case close, reset, toggleVSync, screenshot, toggleRecording
        /// Save (or Enter in the name field), Replace and Cancel of the preset row.
        case savePreset, replacePreset, cancelReplace
        case loadPreset(String)
    }

    public struct Outcome {
        public var edited: TuningPanel
        /// The preset row as the person left it (the name typed).
        public var presetForm: PresetForm
        public var actions: [Action] = []
        /// Where the panel is, in points: presses there are the panel's.
        public var frame: Rect
    }

    /// The preset row's widths, in points: the field and its Save fit the panel's width.
    static let nameFieldWidth = 226.0
    /// The Record button is as wide with either label, so Close beside it never moves.
    static let recordButtonWidth = 150.0
    static let dimmed = Color(r: 150, g: 156, b: 170)

    /// Every row is drawn in every state (a row with nothing to do is dimmed, not removed), so
    /// no button moves under a pointer aimed at it; the one row whose height varies, the
    /// preset row's word, is the last. `unusablePresets` names the saved presets that will not
    /// load, with why: listed dimmed, not picked by a click, the reason in a tooltip.
    public static func draw(_ panel: TuningPanel, vsync: Bool, recording: Bool, presets: [String], unusablePresets: [String: String] = [:],
                            presetForm: PresetForm, suggestedName: String, presetFolder: String?, with layer: ImGuiLayer) -> Outcome {
        let origin = Point(x: TuningPanel.margin, y: TuningPanel.margin)
        var edited = panel
        var form = presetForm
        var actions: [Action] = []
        let frame = layer.window("Tuning (T to close)", at: origin, width: TuningPanel.width) {
            _ = layer.combo("scene", &edited.sceneIndex, TuningPanel.sceneNames)
            _ = layer.combo("strategy", &edited.strategyIndex, TuningPanel.strategyNames)
            let amount = Playground.parallaxAmountKnob, count = Playground.itemCountKnob
            _ = layer.slider(amount.name, &edited.parallax, in: edited.parallaxRange, format: amount.sliderFormat)
            _ = layer.slider(count.name, &edited.items, in: TuningPanel.itemRange, format: count.sliderFormat, logarithmic: count.sliderIsLogarithmic)
            _ = layer.checkbox("reduce motion", &edited.reduceMotion)
            let reduced = Playground.reducedAmountKnob
            _ = layer.slider(reduced.name, &edited.reducedAmount, in: reduced.sliderRange, format: reduced.sliderFormat)
            layer.tooltip("What reduce motion leaves of the parallax: 0 stops it (images centred, WCAG's example); 0.2 keeps a fifth.")
            layer.separator()
            // The engine's picker in the row the knobs' heading had: the rows below stay put.
            var engineIndex = ScrollEngineName.allCases.firstIndex(of: edited.physics.engine) ?? 0
            if layer.combo("physics", &engineIndex, TuningPanel.engineNames), ScrollEngineName.allCases.indices.contains(engineIndex) {
                edited.physics.engine = ScrollEngineName.allCases[engineIndex]
            }
            // The closed picker shows the start of the engine's name: the whole of it, where it
            // ships, the source it was read from and its coast are in the tooltip.
            layer.tooltip(TuningPanel.physicsTooltip(edited.physics.engine))
            let tunesUIKit = edited.physics.engine == .uikit
            for knob in ScrollPhysics.Knob.allCases {
                var value = edited.physics[knob]
                layer.disabled(!tunesUIKit && knob != .wheelLine) {
                    if layer.slider(knob.rawValue, &value, in: TuningPanel.sliderRange(knob), format: knob.descriptor.sliderFormat,
                                    logarithmic: knob.descriptor.sliderIsLogarithmic) {
                        edited.physics[knob] = value
                    }
                }
            }
            layer.disabled(!tunesUIKit) {
                if layer.button("fling: normal") { edited.physics.decelerationRate = .normal }
                layer.sameLine()
                if layer.button("fling: fast") { edited.physics.decelerationRate = .fast }
            }
            layer.separator()
            layer.text("cells (auto: the scene's own)")
            for knob in CellLayout.Knob.allCases {
                var value = edited.shownValue(knob)
                let format = TuningPanel.cellSliderFormat(knob, value: value, isSceneOwn: edited.cellLayout[knob] == nil)
                if layer.slider(knob.rawValue, &value, in: TuningPanel.sliderRange(knob), format: format) {
                    edited.cellLayout[knob] = value
                }
            }
            // One button for the three (beside each slider it would not fit the panel's width),
            // dimmed while every knob is the scene's own.
            layer.disabled(edited.cellLayout == .sceneDefaults) {
                if layer.button("cells: all auto") { edited.cellLayout = .sceneDefaults }
            }
            layer.separator()
            var vsyncOn = vsync
            if layer.checkbox("vsync", &vsyncOn) { actions.append(.toggleVSync) }
            // The run's frame budget beside vsync: settings of the run (the window's), not of the model.
            var slowdown = edited.budget.cpuSlowdown
            if layer.slider(RunBudget.cpuSlowdownKnob.name, &slowdown, in: RunBudget.cpuSlowdownKnob.sliderRange,
                            format: RunBudget.cpuSlowdownKnob.sliderFormat) {
                edited.budget.cpuSlowdown = slowdown
            }
            layer.tooltip("Each frame's main-thread work (input, physics, the strategy, layout, the draw list) takes this many times as long,\n"
                          + "as Chrome DevTools' CPU throttling stretches a page's (4x: mid-tier mobile, 6x: low-tier mobile).\n"
                          + "Rendering and presenting stand for the GPU and the compositor: not slowed.")
            let rates = edited.refreshChoices
            var rateIndex = rates.firstIndex(of: edited.budget.refreshHertz) ?? 0
            if layer.combo(RunBudget.refreshKnob.name, &rateIndex, rates.map(edited.refreshName)), rates.indices.contains(rateIndex) {
                edited.budget.refreshHertz = rates[rateIndex]
            }
            if layer.button("Reset to the scene's defaults") { actions.append(.reset) }
            if layer.button("Shot (P)") { actions.append(.screenshot) }
            layer.sameLine()
            if layer.button(recording ? "Stop recording (R)" : "Record (R)", width: recordButtonWidth) { actions.append(.toggleRecording) }
            layer.sameLine()
            if layer.button("Close") { actions.append(.close) }
            layer.separator()
            var typed = form.name
            if layer.nameField("##preset name", &typed, hint: suggestedName, width: nameFieldWidth) { actions.append(.savePreset) }
            form.edit(to: typed)
            layer.sameLine()
            if layer.button("Save preset") { actions.append(.savePreset) }
            var chosen = 0
            layer.disabled(presets.isEmpty) {
                let first = presets.isEmpty ? "no presets saved yet" : "load a preset…"
                var unusable: [Int: String] = [:]
                for (k, name) in presets.enumerated() {
                    if let reason = unusablePresets[name] { unusable[k + 1] = "Will not load: " + reason }
                }
                let entries = presets.map { unusablePresets[$0] == nil ? $0 : $0 + " (will not load)" }
                if layer.combo("##load preset", &chosen, [first] + entries, unusable: unusable), chosen > 0, unusable[chosen] == nil {
                    actions.append(.loadPreset(presets[chosen - 1]))
                }
            }
            if let name = form.confirmingReplace {
                layer.rowText("'\(name)' is saved already:")
                layer.sameLine()
                if layer.button("Replace") { actions.append(.replacePreset) }
                layer.sameLine()
                if layer.button("Cancel") { actions.append(.cancelReplace) }
            } else {
                // Broken at spaces and at a path's '/', never inside a folder's name.
                let words = form.status ?? "Presets are saved in " + (presetFolder ?? "no folder (HOME is not set)")
                for line in TextWrap.lines(words, width: layer.availableWidth, measure: layer.textWidth) { layer.text(line, color: dimmed) }
            }
        }
        return Outcome(edited: edited, presetForm: form, actions: actions, frame: frame)
    }

    /// The explain card beside the pointer (`pointer`, surface points) on a surface of `size`.
    public static func drawExplain(_ card: ExplainCard, near pointer: Point, surface size: Size, with layer: ImGuiLayer) {
        let width = 540.0, estimatedHeight = card.motion.isEmpty ? 250.0 : 360.0
        let x = max(8, min(pointer.x + 18, size.width - width - 8))
        let y = pointer.y + 18 + estimatedHeight < size.height ? pointer.y + 18 : max(8, pointer.y - 18 - estimatedHeight)
        layer.overlayWindow(card.title + "##explain", at: Point(x: x, y: y), width: width) {
            for (k, line) in card.lines.enumerated() {
                if k == card.lines.count - 1 {
                    layer.text(line, color: Color(r: 255, g: 214, b: 120))
                } else {
                    layer.text(line)
                }
            }
            layer.text(card.computedBy, color: Color(r: 150, g: 200, b: 255))
            if let bare = card.bareEdge { layer.text(bare, color: Color(r: 255, g: 150, b: 120)) }
            if let split = card.motionSplit { layer.wrappedText(split, color: Color(r: 150, g: 200, b: 255)) }
            layer.separator()
            layer.text("the mapping across the viewport (cells as dots):")
            layer.plot(size: Size(width: width - 20, height: 90), points: card.curve,
                       xRange: card.curveXRange, yRange: card.curveYRange, dots: card.dots)
            if let coast = card.coast { layer.wrappedText(coast, color: Color(r: 150, g: 200, b: 255)) }
            if !card.motion.isEmpty {
                let offsets = card.motion.map(\.y) + [card.restOffset].compactMap { $0 }
                let low = offsets.min() ?? 0, high = offsets.max() ?? 1
                layer.text("the motion's offset over the next 2 s; rests at "
                           + NumberFormat.fixed(card.restOffset ?? 0, decimals: 1) + " pt:")
                // Offset grows downward through the list: plot it with time along x.
                layer.plot(size: Size(width: width - 20, height: 70), points: card.motion,
                           xRange: 0...2, yRange: low...(high > low ? high : low + 1),
                           dots: card.restOffset.map { [Point(x: card.motion.last?.x ?? 2, y: $0)] } ?? [])
            }
        }
    }
}
