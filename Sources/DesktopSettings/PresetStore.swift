import FileOutput
import Foundation
import ParallaxKit

/// The presets folder, `$XDG_CONFIG_HOME/parallax-playground/presets` (`~/.config` when the
/// variable is unset or relative), one `NAME.json` per preset.
public struct PresetStore: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// The store for this environment, or nil with neither an absolute `XDG_CONFIG_HOME` nor
    /// an absolute `HOME`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PresetStore? {
        guard let settings = SettingsFile.defaultPath(environment: environment) else { return nil }
        return PresetStore(folder: URL(fileURLWithPath: settings).deletingLastPathComponent().appendingPathComponent("presets").path)
    }

    /// A preset file is a few lines; a larger one is not a preset.
    public static let largestBytes = 64 * 1024

    /// Names are file names without a folder: letters, digits, '-', '_' and '.', 1 to 64
    /// characters, not starting with '.'.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    public func path(of name: String) -> String { folder + "/" + name + ".json" }

    /// The saved presets' names, sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.filter(Self.isValidName).sorted()
    }

    /// A saved preset as a list shows it: its name, and why it will not load (nil: it loads).
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let problem: String?
        public init(name: String, problem: String? = nil) {
            self.name = name
            self.problem = problem
        }
    }

    /// The saved presets, sorted, each read as a load would read it: a file that is not a
    /// preset, or holds a value out of range, carries the load's reason (without its path:
    /// the entry names the file).
    public func entries() -> [Entry] {
        names().map { name in
            do throws(PresetError) {
                _ = try load(name)
                return Entry(name: name)
            } catch {
                let prefix = path(of: name) + ": ", message = error.message
                return Entry(name: name, problem: message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message)
            }
        }
    }

    /// `--preset`'s argument: a file (a path with a '/' or ending in .json) or a saved name.
    public func load(_ nameOrFile: String) throws(PresetError) -> Preset {
        let isFile = nameOrFile.contains("/") || nameOrFile.hasSuffix(".json")
        guard isFile || Self.isValidName(nameOrFile) else {
            throw PresetError("'\(nameOrFile)' is neither a preset name (letters, digits, - _ .) nor a .json file")
        }
        let path = isFile ? nameOrFile : self.path(of: nameOrFile)
        // stat(2) follows links; only a regular file is read (a FIFO would block, a device
        // would never end).
        var info = stat()
        guard stat(path, &info) == 0 else {
            let saved = names()
            throw PresetError(isFile ? "no preset file '\(path)'"
                : "no preset named '\(nameOrFile)' in \(folder)" + (saved.isEmpty ? "" : " (saved: \(saved.joined(separator: ", ")))"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw PresetError("'\(path)' is not a regular file") }
        guard info.st_size <= Self.largestBytes else {
            throw PresetError("'\(path)' is larger than \(Self.largestBytes / 1024) KB: not a preset")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw PresetError("cannot read '\(path)'") }
        return try Preset(decoding: data, source: path)
    }

    /// Writes `preset` as `name` (whole: a temporary file, then a rename), making the folder.
    public func save(_ preset: Preset, as name: String) throws(PresetError) {
        guard Self.isValidName(name) else { throw PresetError("'\(name)' is not a preset name (letters, digits, - _ ., up to 64)") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw PresetError("cannot make the folder '\(folder)': \(error.localizedDescription)")
        }
        do { try OutputFile.write(preset.encoded(), to: path(of: name)) } catch { throw PresetError(error.message) }
    }
}
