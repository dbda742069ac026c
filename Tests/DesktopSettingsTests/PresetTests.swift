import DesktopSettings
import Foundation
import ParallaxKit
import Testing

/// Presets: JSON whose keys are the command-line options, checked key by key, written whole.
@Suite struct PresetTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-presets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aPresetRoundTripsThroughItsFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = PresetStore(folder: root + "/presets")
        let preset = Preset(scene: .table, strategy: .cachedLayout, technique: .kurutepe, parallax: 22.5, items: 5000, reduceMotion: true)
        try store.save(preset, as: preset.suggestedName)
        #expect(preset.suggestedName == "table-kurutepe-cached-layout-22.5pt-5000-reduced")
        #expect(store.names() == [preset.suggestedName])
        #expect(try store.load(preset.suggestedName) == preset)
        #expect(try store.load(store.path(of: preset.suggestedName)) == preset, "a file path works too")
        // Written whole: nothing but the preset in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/presets") == [preset.suggestedName + ".json"])
        let text = String(decoding: preset.encoded(), as: UTF8.self)
        #expect(text.contains("\"parallax\": 22.5") && text.contains("\"reduce-motion\": true") && text.contains("\"scene\": \"table\""))
    }

    @Test(arguments: [
        (#"{"scene": "photos", "gravity": 9.8}"#, #"unknown setting 'gravity'"#),
        (#"{"parallax": "lots"}"#, "p.json: parallax takes a number from 0 to 1000 points, got 'lots'"),
        (#"{"parallax": 1000.5}"#, "p.json: parallax takes a number from 0 to 1000 points, got '1000.5'"),
        (#"{"items": 2.5}"#, "p.json: items takes a whole number from 0 to 1000000, got '2.5'"),
        (#"{"items": -1}"#, "p.json: items takes a whole number from 0 to 1000000, got '-1'"),
        (#"{"items": 1e300}"#, "p.json: items takes a whole number from 0 to 1000000, got '1e+300'"),
        (#"{"scene": "moon"}"#, "p.json: scene takes one of photos, captions, table, quilt or albums, got 'moon'"),
        (#"{"strategy": 3}"#, "p.json: strategy takes one of scroll-callback, layout-invalidation, cached-layout or off, got a number"),
        (#"{"technique": "smith"}"#, "p.json: technique takes one of begemann, leth, patel, kurutepe or jensen, got 'smith'"),
        (#"{"reduce-motion": 1}"#, "p.json: reduce-motion takes on or off, got a number"),
        (#"{"scene": null}"#, "p.json: scene takes one of photos, captions, table, quilt or albums, got an object, a list or null"),
        (#"{"cell-height": 20}"#, "p.json: cell-height takes a number from 40 to 1200 points or auto, got '20'"),
        (#"{"cell-spacing": "wide"}"#, "p.json: cell-spacing takes a number from 0 to 200 points or auto, got 'wide'"),
        (#"{"image-overscan": true}"#, "p.json: image-overscan takes a number from 0 to 1000 points or auto, got true or false"),
        (#"["photos"]"#, "not a JSON object of settings"),
        ("scene = photos", "not a JSON object of settings"),
    ])
    func aBadPresetIsRefusedNamingTheKeyAndWhy(json: String, says: String) throws {
        #expect {
            _ = try Preset(decoding: Data(json.utf8), source: "p.json")
        } throws: { error in
            (error as? PresetError).map { $0.message.hasPrefix("p.json: ") && $0.message.contains(says) } ?? false
        }
    }

    @Test func onlyRegularFilesOfAPresetsSizeAreRead() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = PresetStore(folder: root)
        // A FIFO named like a preset would block a reader: it is refused without opening it.
        #expect(mkfifo(root + "/pipe.json", 0o600) == 0)
        #expect(throws: PresetError("'\(root)/pipe.json' is not a regular file")) { try store.load(root + "/pipe.json") }
        try Data(repeating: 32, count: PresetStore.largestBytes + 1).write(to: URL(fileURLWithPath: root + "/big.json"))
        #expect { try store.load("big") } throws: { ($0 as? PresetError)?.message.contains("larger than 64 KB") == true }
        // A missing name lists the saved ones; a name with a slash-free oddity is refused.
        try store.save(Preset(scene: .quilt), as: "quilt")
        #expect { try store.load("nope") } throws: { ($0 as? PresetError)?.message.contains("(saved: big, pipe, quilt)") == true }
        #expect { try store.load("..") } throws: { ($0 as? PresetError)?.message.contains("neither a preset name") == true }
        #expect(throws: PresetError.self) { try store.save(Preset(), as: "a/b") }
    }

    @Test func theCellsShapeRoundTripsAndBringsAPlaygroundToIt() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = PresetStore(folder: root)
        let shaped = Preset(scene: .table, cellLayout: CellLayout(spacing: 8, cellHeight: 120.5, imageOverscan: 0))
        try store.save(shaped, as: "shaped")
        #expect(try store.load("shaped") == shaped)
        let text = String(decoding: shaped.encoded(), as: UTF8.self)
        #expect(text.contains("\"cell-spacing\": 8,") && text.contains("\"cell-height\": 120.5") && text.contains("\"image-overscan\": 0"))
        // "auto" is the scene's own: the same as leaving the key out.
        #expect(try Preset(decoding: Data(#"{"cell-height": "auto", "cell-spacing": 4}"#.utf8), source: "p") == Preset(cellLayout: CellLayout(spacing: 4)))
        let playground = Playground(scene: .photos, viewportSize: Size(width: 600, height: 400))
        for command in shaped.commands { playground.apply(command) }
        #expect(playground.cellLayout == shaped.cellLayout, "the shape is set after the scene, whose change clears it")
        #expect(Preset(playground: playground).cellLayout == shaped.cellLayout)
    }

    @Test func aPresetsCommandsBringAPlaygroundToIt() {
        let preset = Preset(scene: .quilt, strategy: .off, parallax: 12, items: 200, reduceMotion: false)
        let playground = Playground(scene: .photos, viewportSize: Size(width: 600, height: 400))
        for command in preset.commands { playground.apply(command) }
        #expect(Preset(playground: playground) == Preset(scene: .quilt, strategy: .off, parallax: 12, items: 200, reduceMotion: false))
    }

    @Test func aPresetCarriesThePhysics() throws {
        var settings = PlaygroundSettings(scene: .table)
        settings.physics.engine = .chromium
        let preset = Preset(playground: Playground(settings, viewportSize: Size(width: 800, height: 600)))
        #expect(preset.engine == .chromium)
        #expect(preset.suggestedName.contains("chromium"))
        let read = try Preset(decoding: preset.encoded(), source: "p.json")
        #expect(read.physics.engine == .chromium)
        #expect(read.commands.contains(.setScrollEngine(.chromium)))
        #expect(try Preset(decoding: Data(#"{"physics": "compose"}"#.utf8), source: "p.json").engine == .android, "compose is android")
        #expect(throws: PresetError.self) { try Preset(decoding: Data(#"{"physics": "windows"}"#.utf8), source: "p.json") }
        #expect(throws: PresetError.self) { try Preset(decoding: Data(#"{"physics": 3}"#.utf8), source: "p.json") }
    }
}
