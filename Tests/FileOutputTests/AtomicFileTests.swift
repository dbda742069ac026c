import FileOutput
import Foundation
import Testing

@Suite struct AtomicFileTests {
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func contents(of dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func aCommittedFileReplacesTheOldOneWhole() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.csv").path
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try AtomicFile(path: path)
        try file.write("new ")
        try file.write("rows")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old", "nothing reaches the destination before commit")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new rows")
        #expect(try contents(of: dir) == ["out.csv"], "no temporary file is left")
    }

    @Test func anUnfinishedFileLeavesTheOldOneAndNoLitter() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("shot.png").path
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            let file = try AtomicFile(path: path)
            try file.write(Data(repeating: 7, count: 100_000))
            // Dropped without commit, as when an error ends the writer.
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try contents(of: dir) == ["shot.png"])
    }

    @Test func unwritableDestinationsSaySo() throws {
        #expect(throws: AtomicFileError.self) { try AtomicFile(path: "/nonexistent-folder/x.csv") }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try AtomicFile(path: dir.path)
            Issue.record("a folder is not a file")
        } catch {
            #expect(error.message.contains("folder"))
        }
    }
}
