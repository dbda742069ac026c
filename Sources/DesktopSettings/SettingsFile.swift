import FileOutput
import Foundation

/// The settings file, `$XDG_CONFIG_HOME/parallax-playground/settings.json` (the XDG Base
/// Directory Specification: `~/.config` when the variable is unset, empty or relative).
public struct SettingsFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The file's place for this environment, or nil with neither an absolute
    /// `XDG_CONFIG_HOME` nor an absolute `HOME`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.config"
        } else {
            return nil
        }
        return base + "/parallax-playground/settings.json"
    }

    /// What reading found.
    public enum Contents: Equatable, Sendable {
        /// No file yet.
        case absent
        case loaded(Settings)
        /// A file that cannot be used; the reason, for a one-line warning.
        case unusable(String)
    }

    /// Settings are a few hundred bytes; a larger file is not one of ours.
    public static let largestBytes = 64 * 1024

    public func load() -> Contents {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .absent }
        guard !isFolder.boolValue else { return .unusable("it is a folder") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.largestBytes {
            return .unusable("larger than \(Self.largestBytes / 1024) KB")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .unusable("cannot be read") }
        do {
            return .loaded(try Settings(decoding: data))
        } catch {
            return .unusable(error.message)
        }
    }

    /// Writes `settings` whole (a temporary file beside it, renamed over it), making the folder
    /// first if needed.
    public func save(_ settings: Settings) throws(SettingsError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SettingsError("cannot make the folder '\(folder)': \(error.localizedDescription)")
        }
        do { try OutputFile.write(settings.encoded(), to: path) } catch { throw SettingsError(error.message) }
    }
}

/// One run's settings: what was read at the start, and whether to write at the end.
public struct SettingsSession: Sendable {
    public let file: SettingsFile
    /// What the file held, or empty (every default) when it was absent or unusable.
    public let stored: Settings
    /// Why the file could not be used, if it could not.
    public let problem: String?

    public init(file: SettingsFile) {
        self.file = file
        switch file.load() {
        case .absent: (stored, problem) = (Settings(), nil)
        case .loaded(let settings): (stored, problem) = (settings, nil)
        case .unusable(let reason): (stored, problem) = (Settings(), reason)
        }
    }

    /// The warning to print once, for an unusable file.
    public var warning: String? {
        problem.map { "ignoring the settings in \(file.path) (\($0)); using the defaults" }
    }

    /// What to write at the end of a run, or nil to leave the file as it is. The file keeps
    /// what it held (`stored`), changed only where the run's state at the end (`final`)
    /// differs from its state at the start (`started`: the file with the command line's
    /// options over it): what the user changed in the window, by key, panel, script or by
    /// hand. An option given on the command line is for its run only (once, a test's
    /// `--size 320x200 --no-vsync` was every later window's size and vsync). A file that
    /// could not be used is kept as it was (someone may want to repair it) until the user
    /// changes a choice; the window's size and position alone do not count.
    public func settingsToSave(startedWith started: Settings, endedWith final: Settings) -> Settings? {
        let kept = stored.keepingChanges(from: started, to: final)
        if problem != nil { return kept.choices != stored.choices ? kept : nil }
        return kept != stored ? kept : nil
    }
}

extension Settings {
    /// Everything but the window's geometry.
    var choices: Settings {
        var choices = self
        choices.windowSize = nil
        choices.windowPosition = nil
        return choices
    }

    /// These settings with each field that differs between `started` and `final` taken from
    /// `final` (a field "not remembered" there, such as reduce motion back at the desktop's
    /// own setting, is not remembered here either), and every other field as it is.
    public func keepingChanges(from started: Settings, to final: Settings) -> Settings {
        var kept = self
        func take<Value: Equatable>(_ field: WritableKeyPath<Settings, Value>) {
            if final[keyPath: field] != started[keyPath: field] { kept[keyPath: field] = final[keyPath: field] }
        }
        take(\.scene)
        take(\.strategy)
        take(\.overlay)
        take(\.windowSize)
        take(\.windowPosition)
        take(\.vsync)
        take(\.reduceMotion)
        take(\.reducedAmount)
        take(\.lastFolder)
        take(\.physics)
        return kept
    }
}

/// Tells the window's size and position the user gave it from those it had while it opened.
/// A window manager sizes and places a new window by itself, to the size asked for or to one
/// of its own (a tiling layout, a screen smaller than the window), and SDL reports either as a
/// resize like a user's. So every size and position the window had in its first
/// `settleSeconds`, and the size the run asked for, count as the start; only a later,
/// different one is the user's.
public struct WindowPlacement: Sendable {
    /// Long enough for a window manager's first placement on a busy machine; a person rarely
    /// resizes a window that soon after it opened.
    public static let settleSeconds = 2.0

    public private(set) var sizes: [Settings.WindowSize] = []
    public private(set) var positions: [Settings.WindowPosition] = []

    /// The window as it opened (`started`), and the size the run asked for.
    public init(started: Settings, requestedSize: Settings.WindowSize?) {
        for size in [started.windowSize, requestedSize].compactMap({ $0 }) where !sizes.contains(size) { sizes.append(size) }
        if let position = started.windowPosition { positions.append(position) }
    }

    /// The window's size and position at `time` seconds after it opened; after the settling
    /// time they are the user's to change, and not noted.
    public mutating func note(size: Settings.WindowSize, position: Settings.WindowPosition, at time: Double) {
        guard time < Self.settleSeconds else { return }
        if !sizes.contains(size) { sizes.append(size) }
        if !positions.contains(position) { positions.append(position) }
    }

    /// `final` with its size and position set back to `started`'s where they are ones the
    /// window had while it opened: no change of the user's.
    public func userChanges(_ final: Settings, started: Settings) -> Settings {
        var changes = final
        if let size = final.windowSize, sizes.contains(size) { changes.windowSize = started.windowSize }
        if let position = final.windowPosition, positions.contains(position) { changes.windowPosition = started.windowPosition }
        return changes
    }
}
