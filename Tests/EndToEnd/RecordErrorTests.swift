import Foundation
import SpawnIsolation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A bad `record` command line, what its message must say and the status it ends with.
struct BadRecording: CustomTestStringConvertible, Sendable {
    /// Arguments after `record`; `OUT` stands for the test's folder.
    var arguments: [String]
    var says: String
    var status: Int32 = 2
    var testDescription: String { arguments.joined(separator: " ") }
}

@Suite(.onThreadsOfTheirOwn) struct RecordErrorTests {
    static let badLines: [BadRecording] = [
        BadRecording(arguments: ["--out", "OUT/clip.avi"], says: "unknown extension"),
        BadRecording(arguments: ["--out", "OUT/frames.png"], says: "%05d"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--script", "EMPTY"], says: "no events"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--crf", "52"], says: "--crf must be from 0 to 51"),
        BadRecording(arguments: ["--out", "OUT/clip.webp", "--quality", "101"], says: "--quality must be from 0 to 100"),
        BadRecording(arguments: ["--out", "OUT/clip.gif", "--crf", "20"], says: "--crf is for .mp4 only"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--fps", "0"], says: "--fps must be from 1 to 1000"),
        BadRecording(arguments: ["--out", "OUT/clip.gif", "--fps", "60"], says: "at most 50 fps"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--duration", "0"], says: "--duration must be more than 0"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--size", "321x200"], says: "even width and height"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--compare", "strategy=off"], says: "needs 2 to 5 values"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--compare", "speed=1,2"], says: "--compare takes AXIS=A,B"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--compare", "scene=photos,nope"], says: "scene takes one of photos, captions, table, quilt or albums, got 'nope'"),
        BadRecording(arguments: ["--out", "OUT/clip.mp4", "--ffmpeg", "/nonexistent/ffmpeg"], says: "apt-get install ffmpeg"),
    ]

    /// Output folders that cannot be: the app looks for ffmpeg first, and says that it lacks
    /// it instead, so these run only where it is.
    static let badFolders: [BadRecording] = [
        BadRecording(arguments: ["--out", "OUT/no-such-folder/clip.mp4"], says: "no folder"),
        BadRecording(arguments: ["--out", "OUT/a-file/clip.mp4"], says: "no folder"),
        BadRecording(arguments: ["--out", "OUT/a-file/clip.gif"], says: "no folder"),
    ]

    @Test(arguments: badLines)
    func badInputSaysWhyAndLeavesNothing(_ bad: BadRecording) throws {
        try expectRefused(bad)
    }

    @Test(.needsFFmpeg, arguments: badFolders)
    func aBadFolderSaysWhyAndLeavesNothing(_ bad: BadRecording) throws {
        try expectRefused(bad)
    }

    /// `record` with `bad`'s arguments ends with its status, says why, and leaves no file,
    /// not even a scratch file.
    private func expectRefused(_ bad: BadRecording, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try recordingFolder("bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/a-file", contents: Data())
        let emptyScript = folder + "/a-file"
        let arguments = bad.arguments.map { $0.replacingOccurrences(of: "OUT", with: folder).replacingOccurrences(of: "EMPTY", with: emptyScript) }
        // Its scratch files (ffmpeg's log) go to a TMPDIR of its own, watched too.
        let scratch = folder + "/scratch"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch
        let result = try run(["record", "--size", "160x100"] + arguments, environment: environment)
        #expect(result.status == bad.status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(bad.says), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(contents(of: folder) == ["a-file", "scratch"], "left behind: \(contents(of: folder))", sourceLocation: sourceLocation)
        #expect(contents(of: scratch).isEmpty, "scratch files left behind: \(contents(of: scratch))", sourceLocation: sourceLocation)
    }

    @Test func withoutFFmpegOnPathItNamesThePackage() throws {
        let folder = try recordingFolder("no-ffmpeg")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder
        environment["PARALLAX_FFMPEG"] = nil
        let result = try run(["record", "--size", "160x100", "--out", folder + "/clip.mp4"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no ffmpeg program on PATH"), "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install ffmpeg"))
        environment["PARALLAX_FFMPEG"] = folder + "/missing-ffmpeg"
        let named = try run(["record", "--size", "160x100", "--out", folder + "/clip.mp4"], environment: environment)
        #expect(named.status == 2)
        #expect(named.stderr.contains("$PARALLAX_FFMPEG"), "\(named.stderr)")
        #expect(contents(of: folder).isEmpty)
    }

    /// An ffmpeg that lists the encoders but fails half-way through its file: the error says
    /// so and the half-written file is removed.
    @Test func anEncoderFailingHalfWayLeavesNoFile() throws {
        let folder = try recordingFolder("failing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tools = try recordingFolder("failing-tools")
        defer { try? FileManager.default.removeItem(atPath: tools) }
        let fake = tools + "/ffmpeg"
        try """
            #!/bin/sh
            case "$*" in *-encoders*) echo " V....D libx264 fake H.264"; exit 0;; esac
            for last; do :; done
            head -c 100000 > "$last"
            echo "fake encoder gave up" >&2
            exit 1
            """.write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let result = try run(["record", "--size", "160x100", "--ffmpeg", fake, "--out", folder + "/clip.mp4"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fake encoder gave up"), "\(result.stderr)")
        #expect(contents(of: folder).isEmpty, "left behind: \(contents(of: folder))")
    }

    /// SIGTERM in the middle of a recording: it stops, removes its temporary file and exits
    /// with 128 + 15, as a shell reports a process it ended.
    @Test(.needsFFmpeg, arguments: ["clip.mp4", "frames-%05d.png"])
    func aRecordingInterruptedLeavesNothing(name: String) throws {
        let folder = try recordingFolder("interrupted")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Its standard error (progress, then why it ended) in a file outside the watched folder.
        let log = try recordingFolder("interrupted-log")
        defer { try? FileManager.default.removeItem(atPath: log) }
        let errorsPath = log + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        let process = Isolated.process(try playgroundBinary(), ["record", "--script", "bench", "--size", "640x400", "--out", folder + "/" + name])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        try process.run()
        let said = { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }
        // In the middle of the recording: its temporary output exists and the first frame has
        // gone to the encoder (the progress line it writes at once for frame 1), with the
        // rest of the script's frames to come. Waited for; the bound only ends a broken run.
        var started = false
        for _ in 0..<1_200 where !started && process.isRunning {
            started = contents(of: folder).contains { $0.contains("partial") } && said().contains(": frame 1 of ")
            if !started { Thread.sleep(forTimeInterval: 0.05) }
        }
        try #require(started, "the recording never began writing; it said: \(said())")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM, "\(said())")
        #expect(contents(of: folder).isEmpty, "left behind: \(contents(of: folder))")
    }
}
