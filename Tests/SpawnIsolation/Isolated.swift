import Foundation

/// Every program a test starts is started through here: the app, its subcommands
/// and the tools beside it (Xvfb, xdotool, ffmpeg, python, vips…). Each gets folders of its
/// own for HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_DATA_HOME and XDG_STATE_HOME, and none
/// of xdg-user-dirs' variables (XDG_PICTURES_DIR, XDG_VIDEOS_DIR…), so xdg-user-dir reads
/// the isolated config and answers the isolated home. An inherited HOME once let
/// `WindowTests`' `--size 320x200` become the user's next window, and P and R write into the
/// user's Pictures and Videos. `IsolationTests` fails on any spawn in Tests/ that bypasses
/// this file; `make test` checks that a whole run left the user's folders as they were
/// (scripts/user-files.py).
public enum Isolated {
    /// The variables that name a user's folders, and the isolated folder each gets.
    public static let folderVariables: [(name: String, folder: String)] = [
        ("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
        ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
    ]

    /// xdg-user-dirs' variables (XDG_PICTURES_DIR, XDG_VIDEOS_DIR, …): a session may export
    /// them, naming the user's own folders. XDG_RUNTIME_DIR (sockets, not files the user
    /// keeps) and the search paths XDG_DATA_DIRS and XDG_CONFIG_DIRS are not among them.
    public static func isUserFolderVariable(_ name: String) -> Bool {
        name.hasPrefix("XDG_") && name.hasSuffix("_DIR") && name != "XDG_RUNTIME_DIR"
    }

    /// `given` (by default this process's environment) with every user folder replaced by a
    /// fresh one under a temporary folder, except where the caller set a value of its own (a
    /// value that differs from this process's, or a variable removed): a test that gives the
    /// app its own HOME or XDG_CONFIG_HOME keeps it. Inherited xdg-user-dirs variables are
    /// removed unless the caller changed them.
    public static func environment(_ given: [String: String]? = nil) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment = given ?? inherited
        let folder = newFolder()
        for (name, sub) in folderVariables where environment[name] == inherited[name] {
            let path = folder + "/" + sub
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            environment[name] = path
        }
        for name in Set(inherited.keys).union(environment.keys) where isUserFolderVariable(name) && environment[name] == inherited[name] {
            environment[name] = nil
        }
        return environment
    }

    /// A `Process` for `executable` with `arguments`, in the isolated `environment(given)`;
    /// the caller sets its streams and runs it.
    public static func process(_ executable: URL, _ arguments: [String] = [], environment given: [String: String]? = nil,
                               currentDirectory: URL? = nil) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(given)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        return process
    }

    /// Runs `executable` to its end in the isolated environment: its status, standard output
    /// and standard error. Standard error goes to a file so that neither stream can fill up
    /// and stall the child while the other is being read.
    public static func run(_ executable: URL, _ arguments: [String] = [], environment given: [String: String]? = nil,
                           currentDirectory: URL? = nil, input: Data? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = process(executable, arguments, environment: given, currentDirectory: currentDirectory)
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-stderr-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if let input, let inputPipe {
            // Written from a thread of its own: a child that answers before reading all of
            // its input would otherwise stall with us.
            let writer = Thread {
                inputPipe.fileHandleForWriting.write(input)
                try? inputPipe.fileHandleForWriting.close()
            }
            writer.start()
        }
        // Read before waiting so a large output cannot fill the pipe and stall the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        removeFolder(of: process)
        return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }

    /// Removes the isolated folders `process` was given, once it has ended (what is not
    /// removed this way goes when the test process exits).
    public static func removeFolder(of process: Process) {
        guard !process.isRunning, let environment = process.environment else { return }
        // Only a folder made here: a caller's own HOME is the caller's to remove.
        let made = Set(folderVariables.compactMap { environment[$0.name] }.map { ($0 as NSString).deletingLastPathComponent })
            .filter { ($0 as NSString).deletingLastPathComponent == root }
        for folder in made { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// One folder per test process, holding each spawn's folders; removed when it exits.
    public static let root: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("parallax-test-homes-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Isolated.root) }
        return path
    }()

    private static func newFolder() -> String {
        let path = root + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
