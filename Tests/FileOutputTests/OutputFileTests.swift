import FileOutput
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A scratch folder removed when the test ends.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    func link(_ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: file(name), withDestinationPath: destination)
    }
}

/// The kind of file at `path` itself (not following a link).
func fileKind(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
}

private func permissions(_ path: String) -> mode_t {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mode & 0o7777
}

@Suite struct OutputFileTests {
    // MARK: Regular files and new names

    @Test func aCommittedFileReplacesTheOldOneWhole() throws {
        let scratch = try ScratchFolder()
        try scratch.write("old", to: "out.csv")
        let file = try OutputFile(path: scratch.file("out.csv"))
        try file.write("new ")
        try file.write("rows")
        #expect(try scratch.read("out.csv") == "old", "nothing reaches the destination before commit")
        try file.commit()
        #expect(try scratch.read("out.csv") == "new rows")
        #expect(try scratch.names() == ["out.csv"], "no temporary file is left")
    }

    @Test func anUnfinishedFileLeavesTheOldOneAndNoLitter() throws {
        let scratch = try ScratchFolder()
        try scratch.write("old", to: "shot.png")
        do {
            let file = try OutputFile(path: scratch.file("shot.png"))
            try file.write(Data(repeating: 7, count: 100_000))
            // Dropped without commit, as when an error ends the writer.
        }
        #expect(try scratch.read("shot.png") == "old")
        #expect(try scratch.names() == ["shot.png"])
    }

    @Test(arguments: [0o640, 0o600, 0o755] as [mode_t])
    func theOldFilesPermissionBitsAreKept(bits: mode_t) throws {
        let scratch = try ScratchFolder()
        try scratch.write("old", to: "out.png")
        #expect(chmod(scratch.file("out.png"), bits) == 0)
        try OutputFile.write(Data("new".utf8), to: scratch.file("out.png"))
        #expect(permissions(scratch.file("out.png")) == bits)
        try OutputFile.produce(scratch.file("out.png")) { path in try Data("by path".utf8).write(to: URL(fileURLWithPath: path)) }
        #expect(permissions(scratch.file("out.png")) == bits, "a producer that writes by path gets them too")
        #expect(try scratch.read("out.png") == "by path")
    }

    @Test func theOldFilesOwnerIsKeptWhenRunAsRoot() throws {
        guard geteuid() == 0 else { return }  // Only root may give a file to someone else.
        let scratch = try ScratchFolder()
        try scratch.write("old", to: "out.csv")
        #expect(chown(scratch.file("out.csv"), 4321, 4322) == 0)
        try OutputFile.write(Data("new".utf8), to: scratch.file("out.csv"))
        var info = stat()
        #expect(stat(scratch.file("out.csv"), &info) == 0)
        #expect(info.st_uid == 4321 && info.st_gid == 4322)
    }

    @Test func aNewFileIsCreated() throws {
        let scratch = try ScratchFolder()
        try OutputFile.write(Data("rows".utf8), to: scratch.file("new.csv"))
        #expect(try scratch.read("new.csv") == "rows")
        #expect(fileKind(scratch.file("new.csv")) == S_IFREG)
        #expect(try scratch.names() == ["new.csv"])
    }

    @Test func aFailingProducerLeavesTheOldFile() throws {
        struct Failure: Error {}
        let scratch = try ScratchFolder()
        try scratch.write("old", to: "chart.png")
        #expect(throws: Failure.self) {
            try OutputFile.produce(scratch.file("chart.png")) { path in
                try Data("half".utf8).write(to: URL(fileURLWithPath: path))
                throw Failure()
            }
        }
        #expect(try scratch.read("chart.png") == "old")
        #expect(try scratch.names() == ["chart.png"])
    }

    // MARK: Links

    @Test func aLinkStaysALinkAndItsTargetIsReplaced() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.file("real"), withIntermediateDirectories: false)
        try scratch.write("old", to: "real/target.png")
        try scratch.link("link.png", to: "real/target.png")  // relative, as dotfile managers make them
        try scratch.link("chain.png", to: scratch.file("link.png"))
        try OutputFile.write(Data("one".utf8), to: scratch.file("link.png"))
        #expect(fileKind(scratch.file("link.png")) == S_IFLNK)
        #expect(try scratch.read("real/target.png") == "one")
        try OutputFile.write(Data("two".utf8), to: scratch.file("chain.png"))
        #expect(fileKind(scratch.file("chain.png")) == S_IFLNK && fileKind(scratch.file("link.png")) == S_IFLNK)
        #expect(try scratch.read("real/target.png") == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("real")) == ["target.png"])
    }

    @Test func aDanglingLinkCreatesItsTargetWhenTheFolderExists() throws {
        let scratch = try ScratchFolder()
        try scratch.link("link.csv", to: "made.csv")
        try OutputFile.write(Data("rows".utf8), to: scratch.file("link.csv"))
        #expect(fileKind(scratch.file("link.csv")) == S_IFLNK)
        #expect(try scratch.read("made.csv") == "rows")
    }

    @Test func aDanglingLinkIntoAMissingFolderIsRefused() throws {
        let scratch = try ScratchFolder()
        try scratch.link("link.csv", to: scratch.file("no/such/folder/made.csv"))
        let error = #expect(throws: OutputError.self) { try OutputFile(path: scratch.file("link.csv")) }
        #expect(error?.kind == .refused)
        #expect(error?.message.contains("link.csv") == true && error?.message.contains("no/such/folder") == true)
    }

    @Test func aLinkLoopIsRefused() throws {
        let scratch = try ScratchFolder()
        try scratch.link("a.png", to: scratch.file("b.png"))
        try scratch.link("b.png", to: scratch.file("a.png"))
        let error = #expect(throws: OutputError.self) { try OutputFile(path: scratch.file("a.png")) }
        #expect(error?.kind == .refused && error?.message.contains("loop") == true)
    }

    // MARK: Streams

    @Test func aFIFOIsWrittenToAndStaysAFIFO() throws {
        let scratch = try ScratchFolder()
        let fifo = scratch.file("rows.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Mutex<Data?>(nil)
        let reader = Thread {
            // Opens (which waits for the writer) and reads to the end, as `cat fifo` does.
            let fd = open(fifo, O_RDONLY)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            if fd >= 0 { close(fd) }
            received.withLock { $0 = data }
        }
        reader.start()
        try OutputFile.write(Data("frame,t\n0,0\n".utf8), to: fifo)
        var waited = 0
        while received.withLock({ $0 }) == nil, waited < 1000 {
            usleep(10_000)
            waited += 1
        }
        #expect(received.withLock { $0 } == Data("frame,t\n0,0\n".utf8))
        #expect(fileKind(fifo) == S_IFIFO, "the FIFO is not replaced by a file")
        #expect(try scratch.names() == ["rows.csv"])
    }

    @Test func aLinkToDevNullIsWrittenToAndTheDeviceStays() throws {
        let scratch = try ScratchFolder()
        try scratch.link("null.png", to: "/dev/null")
        let file = try OutputFile(path: scratch.file("null.png"), producer: .path)
        #expect(file.destination == .stream(path: scratch.file("null.png"), kind: .characterDevice))
        try Data("png bytes".utf8).write(to: URL(fileURLWithPath: try #require(file.temporaryPath)))
        try file.commit()
        #expect(fileKind("/dev/null") == S_IFCHR)
        #expect(fileKind(scratch.file("null.png")) == S_IFLNK)
        #expect(try scratch.names() == ["null.png"], "the scratch copy is gone")
    }

    @Test(arguments: [OutputFile.Producer.chunks, .path])
    func aFullDeviceIsAWriteErrorNamingThePath(producer: OutputFile.Producer) throws {
        let scratch = try ScratchFolder()
        try scratch.link("full.png", to: "/dev/full")
        let file = try OutputFile(path: scratch.file("full.png"), producer: producer)
        let error = #expect(throws: OutputError.self) {
            if let temporary = file.temporaryPath {
                try Data(repeating: 1, count: 4096).write(to: URL(fileURLWithPath: temporary))
            } else {
                try file.write(Data(repeating: 1, count: 4096))
            }
            try file.commit()
        }
        #expect(error?.kind == .failed)
        #expect(error?.message.contains("full.png") == true && error?.message.contains("no space") == true)
        #expect(fileKind("/dev/full") == S_IFCHR, "the device is still a device")
    }

    // MARK: Refused before any work

    @Test func aFolderASocketAReadOnlyFileAndAMissingFolderAreRefused() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.file("dir.png"), withIntermediateDirectories: false)
        try scratch.write("keep", to: "readonly.csv")
        #expect(chmod(scratch.file("readonly.csv"), 0o444) == 0)
        let socketPath = scratch.file("s.sock")
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let cases: [(String, String)] = [
            (scratch.file("dir.png"), "folder"),
            (socketPath, "socket"),
            (scratch.file("readonly.csv"), "read-only"),
            (scratch.file("missing/out.csv"), "no folder"),
            ("", "empty"),
        ]
        for (path, reason) in cases {
            let error = #expect(throws: OutputError.self, "\(path)") { try OutputFile(path: path) }
            #expect(error?.kind == .refused, "\(path)")
            #expect(error?.message.contains(reason) == true, "\(path): \(error?.message ?? "")")
        }
        #expect(try scratch.read("readonly.csv") == "keep")
        #expect(fileKind(scratch.file("dir.png")) == S_IFDIR)
        #expect(try scratch.names() == ["dir.png", "readonly.csv", "s.sock"], "nothing was created")
    }

    // MARK: Hard links

    /// A file with other hard links is written in place once complete, so every name sees the
    /// new contents (replacing it would leave the other names on the old ones).
    @Test func aHardLinkedFileIsWrittenInPlace() throws {
        let scratch = try ScratchFolder()
        try scratch.write("old", to: "a.csv")
        #expect(link(scratch.file("a.csv"), scratch.file("b.csv")) == 0)
        var before = stat()
        _ = stat(scratch.file("a.csv"), &before)
        let file = try OutputFile(path: scratch.file("a.csv"))
        #expect(file.destination == .inPlace(path: scratch.file("a.csv"), reason: .hardLinks(2)))
        try file.write("new contents")
        #expect(try scratch.read("b.csv") == "old", "nothing reaches the file before commit")
        try file.commit()
        var after = stat()
        _ = stat(scratch.file("a.csv"), &after)
        #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
        #expect(try scratch.read("b.csv") == "new contents")
        #expect(try scratch.names() == ["a.csv", "b.csv"])
    }

    @Test func moveRenamesACompleteFileIntoPlace() throws {
        let scratch = try ScratchFolder()
        try scratch.write("frame", to: "source.png")
        try scratch.write("old", to: "frame-00000.png")
        #expect(chmod(scratch.file("frame-00000.png"), 0o600) == 0)
        try OutputFile.move(scratch.file("source.png"), to: scratch.file("frame-00000.png"))
        #expect(try scratch.read("frame-00000.png") == "frame")
        #expect(permissions(scratch.file("frame-00000.png")) == 0o600)
        #expect(try scratch.names() == ["frame-00000.png"])
    }
}
