import Foundation
import ParallaxKit
import Presentation

/// What the window remembers between runs: a value that reads and writes itself
/// as JSON. Every field is optional: absent means "not remembered", and the app's default
/// applies. Decoding checks every value's kind and range, so a file edited by hand into
/// nonsense is refused whole rather than half applied.
public struct Settings: Equatable, Sendable {
    public var scene: SceneID?
    /// Only a strategy the user picked; a scene's own is not remembered.
    public var strategy: ParallaxStrategy?
    public var overlay: OverlayMode?
    /// The window's client area in points.
    public var windowSize: WindowSize?
    /// The window's top-left corner in screen coordinates.
    public var windowPosition: WindowPosition?
    public var vsync: Bool?
    public var reduceMotion: Bool?
    /// What reduce motion leaves of the parallax, a fraction of the amount
    /// (`Playground.reducedAmountKnob`; absent: none, the default).
    public var reducedAmount: Double?
    /// The photo folder shown last (absent: the bundled photos).
    public var lastFolder: String?
    /// Whose scroll physics the user picked in the window (absent: UIKit's).
    public var physics: ScrollEngineName?

    public init(scene: SceneID? = nil, strategy: ParallaxStrategy? = nil, overlay: OverlayMode? = nil,
                windowSize: WindowSize? = nil, windowPosition: WindowPosition? = nil, vsync: Bool? = nil,
                reduceMotion: Bool? = nil, reducedAmount: Double? = nil, lastFolder: String? = nil, physics: ScrollEngineName? = nil) {
        self.physics = physics
        self.reducedAmount = reducedAmount
        self.scene = scene
        self.strategy = strategy
        self.overlay = overlay
        self.windowSize = windowSize
        self.windowPosition = windowPosition
        self.vsync = vsync
        self.reduceMotion = reduceMotion
        self.lastFolder = lastFolder
    }

    /// The format's version, written into every file; a file of another version is refused.
    public static let version = 1

    /// Window sides, in points: 1 to 16,384, as `--size` takes them.
    public struct WindowSize: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public static let sideRange = 1...16_384
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// A screen position. ±65,536 covers any arrangement of monitors X11 or Wayland can
    /// describe (X11 coordinates are 16-bit signed, Wayland compositors stay within them too).
    public struct WindowPosition: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public static let coordinateRange = -65_536...65_536
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// The longest folder path kept: Linux's PATH_MAX.
    public static let longestFolderPath = 4096
}

extension OverlayMode {
    /// The overlay's name in the settings file.
    var settingsName: String {
        switch self {
        case .badge: "badge"
        case .panel: "panel"
        case .hidden: "hidden"
        }
    }

    init?(settingsName: String) {
        guard let mode = OverlayMode.allCases.first(where: { $0.settingsName == settingsName }) else { return nil }
        self = mode
    }
}

/// Why a settings file was refused: one line for the warning.
public struct SettingsError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

extension Settings {
    private enum Key: String, CodingKey, CaseIterable {
        case version, scene, strategy, overlay, windowSize = "window_size", windowPosition = "window_position"
        case vsync, reduceMotion = "reduce_motion", reducedAmount = "reduced_amount", lastFolder = "last_folder", physics
    }

    /// Any key, to find the ones this version does not know.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct SizeRecord: Codable { var width: Int; var height: Int }
    private struct PositionRecord: Codable { var x: Int; var y: Int }

    /// The file's text: sorted keys, one per line, so a person can read and diff it.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and booleans only: encoding cannot fail.
        let data = (try? encoder.encode(Record(self))) ?? Data()
        return data + Data("\n".utf8)
    }

    /// Reads a settings file's bytes; anything but a JSON object of known keys with values
    /// of the right kind and range is refused, with the first problem named.
    public init(decoding data: Data) throws(SettingsError) {
        let record: Record
        do {
            record = try JSONDecoder().decode(Record.self, from: data)
        } catch let error as SettingsError {
            throw error
        } catch let error as DecodingError {
            throw Self.reason(error)
        } catch {
            throw SettingsError("not a settings object")
        }
        self = record.settings
    }

    /// One line for what the decoder found wrong, naming the key.
    private static func reason(_ error: DecodingError) -> SettingsError {
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(let key, _): return SettingsError("'\(key.stringValue)' is missing")
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return SettingsError("not a settings object")
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        // No key: the text is no JSON, JSON but no object, or a number the decoder could not
        // place (a fraction for an integer); its own words say which.
        guard !path.isEmpty else { return SettingsError("not a settings object: \(shortened(context.debugDescription, longest: 100))") }
        // A fraction where an integer belongs is "corrupted" to the decoder: a wrong kind here.
        return SettingsError("'\(path)' has a value of the wrong kind")
    }

    /// The file's shape; decoding checks every range.
    private struct Record: Codable {
        var settings: Settings

        init(_ settings: Settings) { self.settings = settings }

        init(from decoder: any Decoder) throws {
            let all = try decoder.container(keyedBy: AnyKey.self)
            if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: { Key(rawValue: $0) == nil }) {
                throw SettingsError("unknown key '\(Settings.shortened(unknown))'")
            }
            let c = try decoder.container(keyedBy: Key.self)
            guard try c.decode(Int.self, forKey: .version) == Settings.version else {
                throw SettingsError("'version' must be \(Settings.version)")
            }
            var s = Settings()
            // The playground's choices by the settings table's words, as options and presets read them.
            s.scene = try Self.named(c, .scene) { Self.chosen(.scene, $0)?.scene }
            s.strategy = try Self.named(c, .strategy) { Self.chosen(.strategy, $0)?.strategy }
            s.overlay = try Self.named(c, .overlay) { OverlayMode(settingsName: $0) }
            s.physics = try Self.named(c, .physics) { Self.chosen(.physics, $0)?.engine }
            if let size = try c.decodeIfPresent(SizeRecord.self, forKey: .windowSize) {
                let range = WindowSize.sideRange
                guard range.contains(size.width), range.contains(size.height) else {
                    throw SettingsError("'window_size' sides must each be \(range.lowerBound) to \(range.upperBound)")
                }
                s.windowSize = WindowSize(width: size.width, height: size.height)
            }
            if let position = try c.decodeIfPresent(PositionRecord.self, forKey: .windowPosition) {
                let range = WindowPosition.coordinateRange
                guard range.contains(position.x), range.contains(position.y) else {
                    throw SettingsError("'window_position' coordinates must each be \(range.lowerBound) to \(range.upperBound)")
                }
                s.windowPosition = WindowPosition(x: position.x, y: position.y)
            }
            s.vsync = try c.decodeIfPresent(Bool.self, forKey: .vsync)
            s.reduceMotion = try c.decodeIfPresent(Bool.self, forKey: .reduceMotion)
            if let fraction = try c.decodeIfPresent(Double.self, forKey: .reducedAmount) {
                // The knob's one sentence, after the key.
                let knob = Playground.reducedAmountKnob
                guard case .some(.some) = knob.parse(KnobDescriptor.number(fraction)) else {
                    throw SettingsError("'reduced_amount': " + knob.rangeMessage(got: KnobDescriptor.number(fraction)))
                }
                s.reducedAmount = fraction
            }
            if let path = try c.decodeIfPresent(String.self, forKey: .lastFolder) {
                guard path.hasPrefix("/"), path.utf8.count <= Settings.longestFolderPath, !path.contains("\0") else {
                    throw SettingsError("'last_folder' must be an absolute path of at most \(Settings.longestFolderPath) bytes")
                }
                s.lastFolder = path
            }
            settings = s
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(Settings.version, forKey: .version)
            try c.encodeIfPresent(settings.scene?.name, forKey: .scene)
            try c.encodeIfPresent(settings.strategy?.name, forKey: .strategy)
            try c.encodeIfPresent(settings.overlay?.settingsName, forKey: .overlay)
            try c.encodeIfPresent(settings.windowSize.map { SizeRecord(width: $0.width, height: $0.height) }, forKey: .windowSize)
            try c.encodeIfPresent(settings.windowPosition.map { PositionRecord(x: $0.x, y: $0.y) }, forKey: .windowPosition)
            try c.encodeIfPresent(settings.vsync, forKey: .vsync)
            try c.encodeIfPresent(settings.reduceMotion, forKey: .reduceMotion)
            try c.encodeIfPresent(settings.reducedAmount, forKey: .reducedAmount)
            try c.encodeIfPresent(settings.lastFolder, forKey: .lastFolder)
            try c.encodeIfPresent(settings.physics?.rawValue, forKey: .physics)
        }

        /// What the table's `setting` makes of `word`, as a preset holds it; nil for a word it does not take.
        private static func chosen(_ setting: PlaygroundSetting, _ word: String) -> Preset? {
            guard let command = setting.command(word) else { return nil }
            var preset = Preset()
            preset.apply(command)
            return preset
        }

        private static func named<T>(_ c: KeyedDecodingContainer<Key>, _ key: Key, _ make: (String) -> T?) throws -> T? {
            guard let name = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let made = make(name) else {
                throw SettingsError("'\(key.rawValue)' has an unknown value '\(Settings.shortened(name))'")
            }
            return made
        }
    }

    /// At most 40 characters of a value from the file, for the one-line warning.
    fileprivate static func shortened(_ text: String, longest: Int = 40) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: " ")
        return oneLine.count <= longest ? oneLine : String(oneLine.prefix(longest)) + "…"
    }
}
