import FileOutput
import Foundation
import Testing

@Suite struct OutputFolderTests {
    private func parent() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("output-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func contents(of dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func nothingAppearsUntilCommitted() throws {
        let dir = try parent()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page")
        let folder = try OutputFolder(path: out.path, replacing: false)
        try folder.makeFolder("images")
        try folder.write("<!doctype html>", to: "index.html")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        try folder.commit()
        #expect(try contents(of: out) == ["images", "index.html"])
        #expect(try contents(of: dir) == ["page"])
    }

    @Test func aNonEmptyFolderIsRefusedUnlessReplacing() throws {
        let dir = try parent()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "keep".write(to: out.appendingPathComponent("old.txt"), atomically: false, encoding: .utf8)
        #expect(throws: OutputError.self) { try OutputFolder(path: out.path, replacing: false) }
        #expect(try contents(of: dir) == ["page"])

        let folder = try OutputFolder(path: out.path, replacing: true)
        try folder.write("new", to: "new.txt")
        // Until the commit the old folder is whole.
        #expect(try contents(of: out) == ["old.txt"])
        try folder.commit()
        #expect(try contents(of: out) == ["new.txt"])
        #expect(try contents(of: dir) == ["page"])
    }

    @Test func anEmptyFolderIsTakenAndAFileIsNot() throws {
        let dir = try parent()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let folder = try OutputFolder(path: empty.path, replacing: false)
        try folder.write("x", to: "x.txt")
        try folder.commit()
        #expect(try contents(of: empty) == ["x.txt"])

        let file = dir.appendingPathComponent("file")
        try "f".write(to: file, atomically: false, encoding: .utf8)
        #expect(throws: OutputError.self) { try OutputFolder(path: file.path, replacing: true) }
    }

    @Test func discardingLeavesNothing() throws {
        let dir = try parent()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page")
        do {
            let folder = try OutputFolder(path: out.path, replacing: false)
            try folder.write("half", to: "index.html")
            folder.discard()
        }
        do {
            // Dropped without a commit: the same.
            let folder = try OutputFolder(path: out.path, replacing: false)
            try folder.write("half", to: "index.html")
        }
        #expect(try contents(of: dir) == [])
    }
}
