import Foundation
import Synchronization
import SpawnIsolation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every command's output path, as a user gives it: links stay links, FIFOs and devices are
/// written to and stay what they are, folders, read-only files and missing folders are refused
/// before any work. Devices are reached only through links in a scratch folder, never named.
@Suite(.onThreadsOfTheirOwn) struct OutputPathTests {
    final class Scratch {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-out-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
        func link(_ name: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: file(name), withDestinationPath: destination)
        }
    }

    private static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// Runs the binary with standard output as raw bytes.
    private func runBytes(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Isolated.process(try playgroundBinary(), arguments)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = Mutex(Data())
        let errReader = Thread { let data = err.fileHandleForReading.readDataToEndOfFile(); errData.withLock { $0 = data } }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        return (process.terminationStatus, outData, String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }

    @Test func shotThroughALinkWritesItsTargetAndKeepsTheLink() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("real"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: scratch.file("real/target.png")))
        try scratch.link("link.png", to: "real/target.png")
        let result = try run(["shot", "--size", "64x40", "--out", scratch.file("link.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kind(scratch.file("link.png")) == S_IFLNK, "the link is still a link")
        let written = try Data(contentsOf: URL(fileURLWithPath: scratch.file("real/target.png")))
        #expect(written.prefix(8) == Self.pngSignature, "the link's target holds the PNG")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["link.png", "real"])
    }

    /// ffmpeg's output goes by the same rules: a GIF
    /// through a link lands in the link's target, and a recording into /dev/null leaves it a device.
    @Test(.needsFFmpeg) func recordFollowsTheSameRules() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("real"), withIntermediateDirectories: false)
        try scratch.link("clip.gif", to: "real/clip.gif")
        try scratch.link("null.mp4", to: "/dev/null")
        let gif = try run(["record", "--size", "64x40", "--duration", "0.2", "--out", scratch.file("clip.gif")])
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect(kind(scratch.file("clip.gif")) == S_IFLNK)
        let written = try Data(contentsOf: URL(fileURLWithPath: scratch.file("real/clip.gif")))
        #expect(written.prefix(6) == Data("GIF89a".utf8))
        let mp4 = try run(["record", "--size", "64x40", "--duration", "0.2", "--out", scratch.file("null.mp4")])
        #expect(mp4.status == 0, "\(mp4.stderr)")
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["clip.gif", "null.mp4", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("real")) == ["clip.gif"])
    }

    @Test func traceIntoAFIFOFeedsItsReaderAndLeavesTheFIFO() throws {
        let scratch = try Scratch()
        let fifo = scratch.file("rows.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader a user would have: `cat` waiting on the FIFO.
        let reader = Isolated.process(URL(fileURLWithPath: "/bin/cat"), [fifo])
        let readerOut = Pipe()
        reader.standardOutput = readerOut
        try reader.run()
        let result = try run(["trace", "--script", "fling", "--out", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: readerOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(text.hasPrefix("frame,t,"), "the reader got the CSV")
        #expect(text.split(separator: "\n").count > 100)
        #expect(kind(fifo) == S_IFIFO, "the FIFO was not replaced by a file")
    }

    @Test func aFullDeviceIsAnErrorAndStaysADevice() throws {
        let scratch = try Scratch()
        try scratch.link("full.png", to: "/dev/full")
        try scratch.link("full.csv", to: "/dev/full")
        let shot = try run(["shot", "--size", "64x40", "--out", scratch.file("full.png")])
        #expect(shot.status == 1)
        #expect(shot.stderr.contains(scratch.file("full.png")) && shot.stderr.contains("no space left"), "\(shot.stderr)")
        let trace = try run(["trace", "--script", "fling", "--out", scratch.file("full.csv")])
        #expect(trace.status == 1)
        #expect(trace.stderr.contains("no space left"), "\(trace.stderr)")
        #expect(kind("/dev/full") == S_IFCHR, "/dev/full is still a character device")
        #expect(kind(scratch.file("full.png")) == S_IFLNK)
    }

    @Test func aLinkToDevNullTakesTheOutputAndTheDeviceStays() throws {
        let scratch = try Scratch()
        try scratch.link("null.png", to: "/dev/null")
        let result = try run(["shot", "--size", "64x40", "--out", scratch.file("null.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["null.png"])
    }

    @Test func aDashIsStandardOutput() throws {
        let shot = try runBytes(["shot", "--size", "64x40", "--out", "-"])
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(shot.stdout.prefix(8) == Self.pngSignature, "the PNG itself, with no file name after it")
        let trace = try runBytes(["trace", "--script", "fling", "--out", "-"])
        #expect(String(decoding: trace.stdout.prefix(8), as: UTF8.self) == "frame,t,")
    }

    /// A reader that stops early (`trace | head`) is a write error with a message and status 1.
    @Test func aClosedPipeIsAnErrorWithStatusOne() throws {
        let process = Isolated.process(try playgroundBinary(), ["trace", "--items", "1000", "--script", "bench"])  // ~150 kB, more than a pipe holds
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 100)
        try out.fileHandleForReading.close()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit, "not killed by SIGPIPE")
        #expect(process.terminationStatus == 1)
        #expect(stderr.contains("standard output") && stderr.contains("broken pipe"), "\(stderr)")
    }

    /// Refused with status 2 and nothing written or changed: every command, before its work.
    @Test func foldersReadOnlyFilesAndMissingFoldersAreInputErrors() throws {
        try expectRefusedOutputs([
            (["shot", "--size", "64x40", "--out"], "png"),
            (["trace", "--script", "fling", "--out"], "csv"),
            (["--script", "fling", "--exit-after", "1", "--stats-json"], "json"),
            (["bench", "--only", "strategy-cost", "--quick", "--json"], "json"),
        ])
    }

    /// The same for `record`, which looks for ffmpeg first (and says that it lacks it instead).
    @Test(.needsFFmpeg) func recordsFoldersReadOnlyFilesAndMissingFoldersAreInputErrors() throws {
        try expectRefusedOutputs([(["record", "--size", "64x40", "--duration", "0.1", "--out"], "mp4")])
    }

    /// Each command of `commands` (its arguments before the output path, and the path's suffix)
    /// given a folder, a read-only file and a path in a missing folder: status 2, the reason
    /// said, and nothing written or changed.
    private func expectRefusedOutputs(_ commands: [(arguments: [String], suffix: String)],
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scratch = try Scratch()
        for suffix in Set(commands.map(\.suffix)) {
            try FileManager.default.createDirectory(atPath: scratch.file("dir.\(suffix)"), withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: scratch.file("readonly.\(suffix)")))
            #expect(chmod(scratch.file("readonly.\(suffix)"), 0o444) == 0, sourceLocation: sourceLocation)
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        for (arguments, suffix) in commands {
            let paths = [(scratch.file("dir.\(suffix)"), "a folder"), (scratch.file("readonly.\(suffix)"), "read-only"),
                         (scratch.file("missing/x.\(suffix)"), "no folder")]
            for (path, reason) in paths {
                let result = try run(arguments + [path])
                #expect(result.status == 2, "\(arguments) \(path): \(result.stderr)", sourceLocation: sourceLocation)
                #expect(result.stderr.contains(reason), "\(arguments) \(path): \(result.stderr)", sourceLocation: sourceLocation)
            }
        }
        for suffix in Set(commands.map(\.suffix)) {
            #expect(try String(contentsOfFile: scratch.file("readonly.\(suffix)"), encoding: .utf8) == "keep", sourceLocation: sourceLocation)
            #expect(kind(scratch.file("dir.\(suffix)")) == S_IFDIR, sourceLocation: sourceLocation)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == before, "nothing was created", sourceLocation: sourceLocation)
    }

    /// A folder of photos with a FIFO, a link to a device, a link loop, a dangling link and a
    /// folder named like a photo: each keeps its place as a tile with one line saying why, and
    /// nothing blocks on the FIFO.
    @Test func specialFilesInAPhotoFolderAreNamedNotOpened() throws {
        let scratch = try Scratch()
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources/photos").standardized.path
        for name in try FileManager.default.contentsOfDirectory(atPath: photos).sorted().prefix(2) {
            try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: scratch.file(name))
        }
        #expect(mkfifo(scratch.file("pipe.jpg"), 0o600) == 0)
        try scratch.link("zero.jpg", to: "/dev/zero")
        try scratch.link("self.jpg", to: scratch.file("self.jpg"))
        try scratch.link("gone.jpg", to: scratch.file("nowhere/x.jpg"))
        try FileManager.default.createDirectory(atPath: scratch.file("album.jpg"), withIntermediateDirectories: false)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("special-\(UUID().uuidString).png").path
        defer { unlink(out) }
        let result = try run(["shot", "--photos", scratch.path, "--size", "320x200", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [("pipe.jpg", "a FIFO (named pipe)"), ("zero.jpg", "a character device"),
                        ("self.jpg", "symbolic link loop"), ("gone.jpg", "symbolic link to a missing file"),
                        ("album.jpg", "a folder")]
        for (name, reason) in expected {
            let lines = result.stderr.split(separator: "\n").filter { $0.contains("can't show \(scratch.file(name)):") }
            #expect(lines.count == 1 && lines.first?.contains(reason) == true, "\(name): \(result.stderr)")
        }
        #expect(kind(scratch.file("pipe.jpg")) == S_IFIFO)
    }
}
