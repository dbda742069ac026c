import DesktopSettings
import FileOutput
import Foundation
import ParallaxKit
import PlaygroundWindow
import Presentation

/// The window's remembered settings (issue 22), between `WindowCommand` and the settings
/// file: what fills the options the command line left unset, and what the window's state
/// at the end writes back. The file's logic (format, ranges, when to write) is in the
/// DesktopSettings module; this is glue only.
struct WindowSettings {
    /// The run's file, or nil with `--no-settings` (or no home folder to keep it in).
    let session: SettingsSession?
    /// The desktop's reduce-motion preference, being asked for since the command started:
    /// reduce motion is remembered only where it differs.
    let systemMotion: DesktopMotionPreference

    var systemReducesMotion: Bool { systemMotion.reducesMotion() }

    init(enabled: Bool, systemMotion: DesktopMotionPreference) {
        self.systemMotion = systemMotion
        guard enabled, let path = SettingsFile.defaultPath() else {
            session = nil
            return
        }
        let session = SettingsSession(file: SettingsFile(path: path))
        if let warning = session.warning { printWarning(warning) }
        self.session = session
    }

    var stored: Settings { session?.stored ?? Settings() }

    /// `display` with the remembered scene, strategy, size and folder wherever the command
    /// line named none. A remembered folder that is gone is named in a warning and dropped.
    func fill(_ display: inout DisplayOptions, folderGiven: Bool) {
        let stored = self.stored
        if display.model.sceneChoice == nil { display.model.sceneChoice = stored.scene }
        if display.model.strategy == nil { display.model.strategy = stored.strategy }
        if display.requestedSize == nil, let size = stored.windowSize {
            display.requestedSize = ViewportSize(width: Double(size.width), height: Double(size.height))
        }
        if !folderGiven, display.model.folder.photos == nil, let folder = stored.lastFolder {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
                display.model.folder.photos = folder
            } else {
                printWarning("the last folder, '\(folder)', is gone; showing the bundled photos")
            }
        }
    }

    /// Vsync: off with `--no-vsync`, else as remembered (on by default).
    func vsync(noVsyncFlag: Bool) -> Bool { noVsyncFlag ? false : (stored.vsync ?? true) }

    /// Reduce motion: on with `--reduce-motion`, else as remembered, else the desktop's.
    func reduceMotion(flag: Bool) -> Bool { flag || (stored.reduceMotion ?? systemReducesMotion) }

    var windowPosition: Point? {
        stored.windowPosition.map { Point(x: Double($0.x), y: Double($0.y)) }
    }

    /// The settings the window's state amounts to now.
    func current(of app: PlaygroundApp, folder: String?) -> Settings {
        let playground = app.playground
        let size = app.window.size
        let position = app.window.position
        let side = Settings.WindowSize.sideRange
        let coordinate = Settings.WindowPosition.coordinateRange
        return Settings(
            scene: playground.scene.id,
            strategy: playground.userChoseStrategy ? playground.strategy : nil,
            overlay: app.composer.decorations.overlay,
            windowSize: .init(width: size.width.clampedInteger(Int.self).clamped(to: side),
                              height: size.height.clampedInteger(Int.self).clamped(to: side)),
            windowPosition: .init(x: position.x.clampedInteger(Int.self).clamped(to: coordinate),
                                  y: position.y.clampedInteger(Int.self).clamped(to: coordinate)),
            vsync: app.renderer.isVSyncEnabled,
            reduceMotion: playground.reduceMotion == systemReducesMotion ? nil : playground.reduceMotion,
            lastFolder: folder.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    }

    /// Writes `final` when the session says so; a failure is a warning (the run itself went fine).
    func save(_ final: Settings, startedWith started: Settings) {
        guard let session, session.needsSaving(final, startedWith: started) else { return }
        do { try session.file.save(final) } catch { printWarning("could not save the settings: \(error)") }
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
