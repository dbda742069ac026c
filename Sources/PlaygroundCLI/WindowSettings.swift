import DesktopSettings
import FileOutput
import Foundation
import ParallaxKit
import PlaygroundCommands
import PlaygroundWindow
import Presentation

/// The window's remembered settings, between `WindowCommand` and the settings
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

    /// `display` with the remembered scene, strategy, physics, reduced amount, size and folder wherever the command
    /// line named none. A remembered folder that is gone is named in a warning and dropped.
    func fill(_ display: inout DisplayOptions, folderGiven: Bool) {
        let stored = self.stored
        if display.model.sceneChoice == nil { display.model.sceneChoice = stored.scene }
        if display.model.strategy == nil { display.model.strategy = stored.strategy }
        if display.model.physicsEngine == nil, display.model.preset?.engine == nil { display.model.physicsEngine = stored.physics }
        if display.model.reducedAmountOption == nil, display.model.preset?.reducedAmount == nil {
            display.model.reducedAmountOption = stored.reducedAmount.map(KnobDescriptor.number)
        }
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
        let (size, position) = Self.geometry(of: app)
        return Settings(
            scene: playground.scene.id,
            strategy: playground.userChoseStrategy ? playground.strategy : nil,
            overlay: app.composer.decorations.overlay,
            windowSize: size,
            windowPosition: position,
            vsync: app.renderer.isVSyncEnabled,
            reduceMotion: playground.reduceMotion == systemReducesMotion ? nil : playground.reduceMotion,
            reducedAmount: playground.reducedAmountFraction == 0 ? nil : playground.reducedAmountFraction,
            lastFolder: folder.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            physics: playground.physics.engine == .uikit ? nil : playground.physics.engine)
    }

    /// The window's size and position now, within the file's ranges.
    static func geometry(of app: PlaygroundApp) -> (Settings.WindowSize, Settings.WindowPosition) {
        let size = app.window.size, position = app.window.position
        let coordinate = Settings.WindowPosition.coordinateRange
        return (windowSize(size.width, size.height),
                .init(x: position.x.clampedInteger(Int.self).clamped(to: coordinate),
                      y: position.y.clampedInteger(Int.self).clamped(to: coordinate)))
    }

    /// A size in points as the file keeps it: whole points, each side 1 to 16,384.
    static func windowSize(_ width: Double, _ height: Double) -> Settings.WindowSize {
        let side = Settings.WindowSize.sideRange
        return .init(width: width.clampedInteger(Int.self).clamped(to: side), height: height.clampedInteger(Int.self).clamped(to: side))
    }

    /// Writes what the user changed between `started` and `final` into the file's settings,
    /// when anything (see `SettingsSession.settingsToSave`); a failure is a warning (the run
    /// itself went fine).
    func save(_ final: Settings, startedWith started: Settings) {
        guard let session, let settings = session.settingsToSave(startedWith: started, endedWith: final) else { return }
        do { try session.file.save(settings) } catch { printWarning("could not save the settings: \(error)") }
    }
}

/// The window's sizes and positions while it opens (see `WindowPlacement`), noted after each
/// frame: a box the frame loop's closure and the command share.
final class PlacementWatch {
    private(set) var placement: WindowPlacement

    init(started: Settings, requestedSize: ViewportSize) {
        placement = WindowPlacement(started: started, requestedSize: WindowSettings.windowSize(requestedSize.size.width, requestedSize.size.height))
    }

    func note(_ app: PlaygroundApp, at time: Double) {
        guard time < WindowPlacement.settleSeconds else { return }
        let (size, position) = WindowSettings.geometry(of: app)
        placement.note(size: size, position: position, at: time)
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
