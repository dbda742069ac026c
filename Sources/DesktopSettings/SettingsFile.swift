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

    /// Whether the state at the end (`final`) must be written. Normally when it differs from
    /// what the file holds (command-line choices included: the last scene or folder shown is
    /// what is remembered). A file that could not be used is kept as it was (someone may want
    /// to repair it) until the user changes a choice during the run: `started` is the state the
    /// run began in; the window's size and position alone do not count, since a window
    /// manager places and sizes windows by itself.
    public func needsSaving(_ final: Settings, startedWith started: Settings) -> Bool {
        guard problem != nil else { return final != stored }
        return final.choices != started.choices
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
}
