import Foundation
import DesktopSettings
import ParallaxKit
import Presentation
import SDLBackend
import TuningUI

extension PlaygroundApp {
    /// Opens the tuning panel, drawn with `layer` (the bench's, which records its triangles)
    /// instead of one the window would make at the panel's first frame.
    public func openTuningPanel(drawingWith layer: ImGuiLayer) {
        imgui = layer
        showsTuning = true
    }

    /// Whether `frameEvent` goes on to the panes: the panel's presses, and the drags that begin
    /// on it, are not the list's; a press on the closed panel's button opens it; a click on a
    /// compared pane's caption picks what that pane shows.
    func route(_ frameEvent: FrameEvent) -> Bool {
        guard case .input(let timed) = frameEvent else { return true }
        switch timed.event {
        case .pointerDown(let p), .pointerMoved(let p), .pointerUp(let p): pointer = p
        case .hover(let p):
            // Hovering moves no list: the panel's highlights and the explain card follow it.
            pointer = p
            if showsTuning { imgui?.handle(timed.event, over: tuningFrame) }
            return false
        case .text:
            // Typed text is only ever a text field's.
            if showsTuning { imgui?.handle(timed.event, over: tuningFrame) }
            return false
        default: break
        }
        if !showsTuning, case .pointerDown(let p) = timed.event, TuningPanel.buttonFrame.contains(p) {
            showsTuning = true
            return false
        }
        if showsTuning, let imgui, imgui.handle(timed.event, over: tuningFrame) { return false }
        if case .pointerDown(let point) = timed.event, let k = panes.captionPane(at: point) {
            // A click says what it did, as a key does.
            if let said = panes.showNextValue(inPane: k) { toast.show(said, at: frameTime) }
            return false
        }
        noteWhileListing(timed.event)
        return true
    }

    /// The open tuning panel, over the panes and under the toasts (a shot and a recording show
    /// it); its edits become commands every pane receives next frame.
    func drawTuningPanel(at t: Double) {
        guard showsTuning else {
            tuningFrame = nil
            return
        }
        if imgui == nil, let panelFontPath {
            do {
                imgui = try ImGuiLayer(renderer: renderer, fontPath: panelFontPath)
            } catch {
                toast.show("The tuning panel is not available: \(error)", at: t)
                self.panelFontPath = nil
            }
        }
        guard let imgui else { return }
        imgui.beginFrame(size: panes.surfaceSize, time: t)
        var panel = TuningPanel(playground)
        panel.budget = budget
        panel.displayHertz = displayHertz
        let store = PresetStore.standard()
        if presetEntries == nil { presetEntries = store?.entries() ?? [] }
        let suggested = Preset(playground: playground).suggestedName
        let listed = presetEntries ?? []
        let unusable = Dictionary(listed.compactMap { entry in entry.problem.map { (entry.name, $0) } }, uniquingKeysWith: { first, _ in first })
        let outcome = TuningPanelView.draw(panel, vsync: renderer.isVSyncEnabled, recording: recorder.isRecording,
                                           presets: listed.map(\.name), unusablePresets: unusable, presetForm: presetForm,
                                           suggestedName: suggested, presetFolder: store.map { HomePath.shown($0.folder) }, with: imgui)
        presetForm = outcome.presetForm
        // The card for the cell under the pointer, in the pane it is over: not over the panel,
        // and not while a list of the panel's is open (the pointer is choosing from it).
        if let pointer, !outcome.frame.contains(pointer), !imgui.popupIsOpen, !imgui.pointerIsOverPanel,
           let k = panes.paneIndex(at: pointer) {
            let pane = panes.panes[k], rect = panes.paneRects[k]
            let local = Point(x: pointer.x - rect.minX, y: pointer.y - rect.minY)
            if let card = ExplainCard(playground: pane.playground, pointer: local, motion: pane.motion) {
                TuningPanelView.drawExplain(card, near: pointer, surface: panes.surfaceSize, with: imgui)
            }
        }
        imgui.render()
        tuningFrame = outcome.frame
        var commands = panel.commands(to: outcome.edited)
        for action in outcome.actions {
            switch action {
            case .close: showsTuning = false
            case .reset: commands.append(.resetToDefaults)
            case .toggleVSync: perform(.toggleVSync)
            case .screenshot: screenshotRequested = true
            case .toggleRecording: perform(.toggleRecording)
            case .savePreset:
                guard let store else {
                    presetForm.status = "No presets folder: neither XDG_CONFIG_HOME nor HOME is an absolute path"
                    break
                }
                let decision = presetForm.save(suggested: suggested, saved: Set(store.names()), isValid: PresetStore.isValidName)
                if case .write(let name) = decision { savePreset(as: name, in: store, at: t) }
            case .replacePreset:
                if let store, case .write(let name)? = presetForm.confirmReplace() { savePreset(as: name, in: store, at: t) }
            case .cancelReplace:
                presetForm.cancelReplace()
                presetForm.status = "Nothing saved"
            case .loadPreset(let name):
                do {
                    guard let store else { break }
                    let preset = try store.load(name)
                    commands += preset.commands
                    quietCommands = commands.count
                    presetForm.status = "Loaded " + HomePath.shown(store.path(of: name))
                    toast.show("Preset \(name)" + (preset.technique == nil ? "" : " (its technique applies at start: --preset \(name))"), at: t)
                } catch {
                    presetForm.status = "Not loaded: \(error.message)"
                    toast.show("Preset \(name) not loaded: \(error.message)", at: t)
                }
            }
        }
        for command in commands {
            let event = FrameEvent.input(TimedEvent(time: t, event: .command(command)))
            panes.enqueue(event)
            onEvent?(event)
        }
    }
}

extension PlaygroundApp {
    /// Writes the first pane's tuning as preset `name` (the panel asked before replacing one),
    /// and says where: in the panel's preset row and in a toast.
    func savePreset(as name: String, in store: PresetStore, at t: Double) {
        do {
            var preset = Preset(playground: playground)
            // The run's budget, when it is not the desktop's own (as measured, the display's rate).
            if budget.cpuSlowdown != 1 { preset.cpuSlowdown = budget.cpuSlowdown }
            if let hertz = budget.refreshHertz { preset.refresh = .some(hertz) }
            try store.save(preset, as: name)
            presetEntries = nil
            let path = store.path(of: name)
            presetForm.status = "Saved " + HomePath.shown(path)
            // The folder, named as P's and R's toasts name theirs ("~" for the home, elided to
            // fit): the toast names the preset already, and the panel's row the whole file.
            let folder = SaveFolder(path: store.folder, home: ProcessInfo.processInfo.environment["HOME"])
            toast.show(folder.toast("Saved preset \(name) in ", store.folder, " (--preset \(name))"), at: t)
        } catch {
            presetForm.status = "Not saved: \(error.message)"
            toast.show("The preset was not saved: \(error.message)", at: t)
        }
    }
}
