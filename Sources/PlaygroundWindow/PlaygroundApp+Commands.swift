import DesktopSettings
import FileOutput
import Foundation
import ParallaxKit
import Presentation
import SDLBackend
import VideoRecording

extension PlaygroundApp {
    /// Sets a decoration on every pane (the F, D and H keys, the remembered overlay).
    public func setDecorations(_ change: (inout FrameDecorations) -> Void) { panes.setDecorations(change) }

    // MARK: Commands only a window has

    func perform(_ command: AppCommand) {
        switch command {
        case .toggleOverlay: setDecorations { $0.overlay = $0.overlay.next }
        case .toggleDebugOutlines:
            setDecorations { $0.debugOutlines.toggle() }
            toast.show(composer.decorations.debugOutlines ? "Outlines on: cells green, images orange" : "Outlines off", at: frameTime)
        case .toggleVSync:
            renderer.setVSync(!renderer.isVSyncEnabled)
            toast.show(renderer.isVSyncEnabled ? "VSync on: frames wait for the display" : "VSync off: frames as fast as they come", at: frameTime)
        case .toggleHelp: setDecorations { $0.help.toggle() }
        case .cycleComparison:
            let comparison = Comparison.cycle(after: panes.comparison, defaultAmount: playground.scene.defaultParallaxAmount)
            panes.setComparison(comparison)
            toast.show(KeyFeedback.comparisonMessage(comparison, after: KeyFeedback.State(playground)), at: frameTime)
        case .toggleTuningPanel:
            showsTuning.toggle()
            presetEntries = nil
        case .toggleCompareStrip:
            showsStrip.toggle()
            toast.show(panes.comparison == nil ? "The strip shows under compared panes: press C first"
                       : showsStrip ? "Strip on: each pane's centre-cell shift and work" : "Strip off", at: frameTime)
        case .screenshot: screenshotRequested = true
        case .toggleRecording:
            recorder.toggle(named: fileStem(), at: frameTime)
            if let said = recorder.lastMessage { toast.show(said, at: frameTime) }
        case .dismiss:
            // Esc closes the help, then the tuning panel, and only then quits: what is open is
            // what a person presses it for, and a panel's tuning is not lost to one key.
            if composer.decorations.help {
                setDecorations { $0.help = false }
            } else if showsTuning {
                showsTuning = false
                toast.show("Tuning panel closed (T opens it; Esc again quits)", at: frameTime)
            } else {
                running = false
            }
        case .quit: running = false
        case .setCPUSlowdown(let rate):
            var changed = budget
            changed.cpuSlowdown = rate
            setBudget(changed)
            toast.show(budget.cpuSlowdown > 1 ? "Main thread \(KnobDescriptor.number(budget.cpuSlowdown))x slower: rendering is not" : "Main thread as measured", at: frameTime)
        case .setRefresh(let hertz):
            var changed = budget
            changed.refreshHertz = hertz
            setBudget(changed)
            toast.show("Budget \(NumberFormat.fixed1(budgetMilliseconds)) ms: \(KnobDescriptor.number(budgetHertz)) Hz" + (hertz == nil ? " (the display's)" : ""), at: frameTime)
        default: break
        }
    }

    /// Names the scene and strategy in the title bar when either changed (and what is
    /// compared, with panes: C can change the axis and keep the pane count).
    func updateTitle() {
        let title = playground.windowTitle(comparing: panes.comparison)
        if title == shownTitle { return }
        shownTitle = title
        window.title = title
    }

    /// The name of the R key's videos and the P key's screenshots, without its extension: the
    /// scene, the strategy, the date and time.
    func fileStem() -> String {
        "parallax-\(playground.scene.id.name)-\(playground.effectiveStrategy.name)-\(WindowRecorder.timestamp())"
    }

    /// P: the frame drawn so far, as a PNG in the pictures folder (`UserFolder.pictures`, the
    /// rule R's videos follow) named like the R key's videos (scene, strategy, date and time;
    /// "-2", "-3"… for more in the same second). The toast names the whole path.
    func saveScreenshot(frame index: Int) {
        let base = fileStem()
        let pictures = UserFolder.pictures.folder()
        if let problem = pictures.problem { printWarning("no pictures folder (\(problem)); saving into the current directory") }
        let folder = pictures.path
        var path = folder + "/" + base + ".png"
        var copy = 2
        while FileManager.default.fileExists(atPath: path) && copy < 1000 {
            path = folder + "/\(base)-\(copy).png"
            copy += 1
        }
        do {
            try renderer.savePNG(path: path)
            runStatistics.screenshots.append(path)
            print("saved \(path)")
            toast.show(pictures.toast("Saved ", path), at: frameTime)
        } catch {
            printError("could not save a screenshot: \(error)")
            toast.show("Could not save a screenshot: \(error)", at: frameTime)
        }
    }
}
