import ChildProcesses
import Foundation

/// Where the R key's videos go and how files are named by the time (the P key's screenshots
/// use the same stamp).
extension WindowRecorder {
    /// `xdg-user-dir VIDEOS` when it names a folder other than home (its answer when none is
    /// set), else the current directory. On macOS: ~/Movies, when it exists.
    public static func videosFolder() -> String {
        let current = FileManager.default.currentDirectoryPath
        #if os(macOS)
        let movies = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Movies").path
        return FileManager.default.fileExists(atPath: movies) ? movies : current
        #endif
        let candidates = ["/usr/bin/xdg-user-dir", "/bin/xdg-user-dir"]
        guard let tool = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else { return current }
        guard let said = try? SpawnedProcess.output(of: tool, ["VIDEOS"]), said.termination.succeeded else { return current }
        let answer = said.text
        var isFolder: ObjCBool = false
        // Its fallback is $HOME as the environment has it, which need not be the account's
        // home folder (a session or a test that sets HOME): either is no videos folder.
        func standard(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        let homes = [ProcessInfo.processInfo.environment["HOME"], FileManager.default.homeDirectoryForCurrentUser.path]
            .compactMap { $0 }.filter { !$0.isEmpty }.map(standard)
        guard !answer.isEmpty, !homes.contains(standard(answer)),
              FileManager.default.fileExists(atPath: answer, isDirectory: &isFolder), isFolder.boolValue
        else { return current }
        return answer
    }

    /// The date and time in file names: the R key's videos and the P key's screenshots.
    public static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
