import DesktopSettings
import Foundation
import Testing

/// The presets as the tuning panel lists them, and the one way paths are shown to a person.
@Suite struct PresetListTests {
    @Test func aPresetThatWillNotLoadIsListedWithWhy() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-preset-list-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = PresetStore(folder: root)
        try store.save(Preset(scene: .quilt), as: "good")
        try Data(#"{"parallax": 5000}"#.utf8).write(to: URL(fileURLWithPath: store.path(of: "loud")))
        try Data("scene = photos".utf8).write(to: URL(fileURLWithPath: store.path(of: "notes")))
        let entries = store.entries()
        #expect(entries.map(\.name) == ["good", "loud", "notes"])
        #expect(entries[0].problem == nil)
        // The reason a load would give, without the file's path (the entry names it).
        #expect(entries[1].problem?.hasPrefix("parallax takes a number from 0 to 1000 points") == true, "\(entries[1])")
        #expect(entries[2].problem?.hasPrefix("not a JSON object of settings") == true, "\(entries[2])")
        for entry in entries {
            #expect((try? store.load(entry.name)) == nil ? entry.problem != nil : entry.problem == nil, "listed as a load reads it: \(entry)")
        }
    }

    @Test func aPathUnderTheHomeIsShownWithATilde() {
        #expect(HomePath.shown("/home/ann/.config/x.json", home: "/home/ann") == "~/.config/x.json")
        #expect(HomePath.shown("/home/ann", home: "/home/ann") == "~")
        #expect(HomePath.shown("/home/anna/x", home: "/home/ann") == "/home/anna/x", "a folder beside the home is not in it")
        #expect(HomePath.shown("/etc/x", home: "/") == "/etc/x", "a home of / would take every path")
        #expect(HomePath.shown("/home/ann/x", home: nil) == "/home/ann/x")
    }
}
