import DesktopSettings
import Foundation
import Testing

/// Where P's screenshots and R's videos go. Each test gives its own HOME and
/// xdg-user-dir's answer (a fake), so no folder of the user's is read or made.
@Suite struct SaveFolderTests {
    private func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pp-save-folder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// No folder set (xdg-user-dir answers HOME itself, or is missing): HOME/Pictures and
    /// HOME/Videos, made when first needed.
    @Test(arguments: UserFolder.allCases)
    func withNoFolderSetTheHomesFolderIsMade(kind: UserFolder) throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for answer in [home, nil] {
            let chosen = kind.folder(environment: ["HOME": home], userDirAnswer: { _ in answer }, currentDirectory: "/nowhere")
            #expect(chosen == SaveFolder(path: home + "/" + kind.homeFolderName, home: home), "answer \(answer ?? "none")")
            #expect(isFolder(home + "/" + kind.homeFolderName))
        }
    }

    /// A folder set in user-dirs.dirs (what xdg-user-dir answers) is used and made if needed;
    /// without xdg-user-dir, the XDG_…_DIR variable is.
    @Test(arguments: UserFolder.allCases)
    func aFolderSetIsUsedAndMade(kind: UserFolder) throws {
        let home = try scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let asked = Mutex<[String]>([])
        let chosen = kind.folder(environment: ["HOME": home], userDirAnswer: { name in
            asked.withLock { $0.append(name) }
            return home + "/Shots"
        }, currentDirectory: "/nowhere")
        #expect(asked.withLock { $0 } == [kind.xdgName])
        #expect(chosen.path == home + "/Shots" && chosen.problem == nil)
        #expect(isFolder(home + "/Shots"))
        #expect(!isFolder(home + "/" + kind.homeFolderName), "nothing else made")
        let byVariable = kind.folder(environment: ["HOME": home, kind.environmentVariable: home + "/Clips"], userDirAnswer: { _ in nil },
                                     currentDirectory: "/nowhere")
        #expect(byVariable.path == home + "/Clips" && isFolder(home + "/Clips"))
        // A relative variable is no folder (as the XDG specification reads its variables).
        let relative = kind.folder(environment: ["HOME": home, kind.environmentVariable: "Clips"], userDirAnswer: { _ in nil },
                                   currentDirectory: "/nowhere")
        #expect(relative.path == home + "/" + kind.homeFolderName)
    }

    /// When no folder can be made, the current directory, and the toast says why.
    @Test(arguments: UserFolder.allCases)
    func whenNoFolderCanBeMadeTheCurrentDirectoryAndWhy(kind: UserFolder) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A home that is a file: nothing can be made under it.
        let home = folder + "/home"
        try Data("a file".utf8).write(to: URL(fileURLWithPath: home))
        let chosen = kind.folder(environment: ["HOME": home], userDirAnswer: { _ in home }, currentDirectory: "/work/clone")
        #expect(chosen.path == "/work/clone")
        let problem = try #require(chosen.problem)
        #expect(problem == "cannot make ~/\(kind.homeFolderName): Not a directory", "\(problem)")
        let toast = chosen.toast("Saved ", "/work/clone/parallax-photos.png")
        #expect(toast == "Saved /work/clone/parallax-photos.png (current directory: \(problem))", "\(toast)")
        // No HOME at all: the same, said so.
        let homeless = kind.folder(environment: [:], userDirAnswer: { _ in nil }, currentDirectory: folder)
        #expect(homeless.path == folder && homeless.problem != nil)
    }

    /// The toast names the whole path, the home as "~"; a path too long for a 1280-point
    /// window loses the middle of its folders, never its file name.
    @Test func theToastNamesTheWholePathAndFits() {
        let home = "/home/someone"
        let file = "parallax-photos-layout-invalidation-20261127-101500.png"
        let folder = SaveFolder(path: home + "/Pictures", home: home)
        #expect(folder.toast("Saved ", home + "/Pictures/" + file) == "Saved ~/Pictures/" + file)
        #expect(folder.toast("Saved ", "/srv/shots/" + file, " (2.0 s)") == "Saved /srv/shots/\(file) (2.0 s)")
        let deep = home + "/" + Array(repeating: "a folder with a long name", count: 12).joined(separator: "/") + "/" + file
        let toast = folder.toast("Recording to ", deep, " — R to stop")
        #expect(toast.count == SaveFolder.longestToast, "\(toast.count): \(toast)")
        #expect(toast.hasPrefix("Recording to ~/a folder with a long name/") && toast.hasSuffix("…/" + file + " — R to stop"), "\(toast)")
        let fallen = SaveFolder(path: "/work", home: home, problem: "cannot make ~/Videos: " + String(repeating: "why ", count: 40))
        let said = fallen.toast("Recording to ", deep, " — R to stop")
        #expect(said.count <= SaveFolder.longestToast, "\(said.count): \(said)")
        #expect(said.contains("/" + file + " — R to stop (current directory: cannot make"), "\(said)")
        // At the toast's size (15 pt, about 0.58 em a character, see Toast) the longest fits in 1280 points.
        #expect(Double(SaveFolder.longestToast) * 15 * 0.58 + 32 <= 1280 - 24)
    }
}

/// A lock around a value, for the fake's record of what it was asked.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
