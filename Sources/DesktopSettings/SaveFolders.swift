import ChildProcesses
import Foundation

/// The user's folders the window saves into: the P key's screenshots (pictures) and the R
/// key's videos. One rule for both (with no folder set, both had written into the current
/// directory: from `make run`, into the clone):
///
/// 1. what `xdg-user-dir PICTURES` / `VIDEOS` answers (it reads
///    `$XDG_CONFIG_HOME/user-dirs.dirs`, else the XDG_PICTURES_DIR / XDG_VIDEOS_DIR variable),
///    unless it answers the home folder itself, its way of saying none is set;
/// 2. the XDG_PICTURES_DIR / XDG_VIDEOS_DIR variable, when absolute (without xdg-user-dir);
/// 3. `$HOME/Pictures` / `$HOME/Videos` (macOS: `~/Movies`).
///
/// The first that is a folder or can be made (`mkdir -p`, when a file is saved: nothing is
/// made for a run that saves nothing) is used; when none can be, the current directory,
/// with the reason for the toast to say.
public enum UserFolder: Sendable, CaseIterable {
    case pictures, videos

    /// xdg-user-dir's name for it.
    public var xdgName: String {
        switch self {
        case .pictures: "PICTURES"
        case .videos: "VIDEOS"
        }
    }

    /// The variable xdg-user-dirs' sessions export for it.
    public var environmentVariable: String { "XDG_\(xdgName)_DIR" }

    /// Its usual name under the home folder.
    public var homeFolderName: String {
        switch self {
        case .pictures: return "Pictures"
        case .videos:
            #if os(macOS)
            return "Movies"
            #else
            return "Videos"
            #endif
        }
    }

    /// The folder to save into now, made if needed. `environment` gives HOME and the variable;
    /// `userDirAnswer` is xdg-user-dir's answer for a name (nil: no answer).
    public func folder(environment: [String: String] = ProcessInfo.processInfo.environment,
                       userDirAnswer: (String) -> String? = UserFolder.askXdgUserDir,
                       currentDirectory: String = FileManager.default.currentDirectoryPath) -> SaveFolder {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? Self.standard($0) : nil }
        // xdg-user-dir's fallback is $HOME as the environment has it, which need not be the
        // account's home folder (a session or a test that sets HOME): either means "not set".
        let homes = Set([home, Self.standard(FileManager.default.homeDirectoryForCurrentUser.path)].compactMap { $0 })
        func named(_ path: String?) -> String? {
            guard let path, path.hasPrefix("/"), !homes.contains(Self.standard(path)) else { return nil }
            return Self.standard(path)
        }
        var candidates: [String] = []
        for path in [named(userDirAnswer(xdgName)), named(environment[environmentVariable]), home.map { $0 + "/" + homeFolderName }]
        where path != nil && !candidates.contains(path!) {
            candidates.append(path!)
        }
        var problem: String?
        for path in candidates {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                if isFolder.boolValue { return SaveFolder(path: path, home: home) }
                problem = problem ?? "\(HomePath.shown(path, home: home)) is not a folder"
                continue
            }
            if let reason = Self.makeFolder(path) {
                problem = problem ?? "cannot make \(HomePath.shown(path, home: home)): \(reason)"
            } else {
                return SaveFolder(path: path, home: home)
            }
        }
        return SaveFolder(path: currentDirectory, home: home,
                          problem: problem ?? "no \(homeFolderName) folder: neither xdg-user-dir nor HOME names one")
    }

    /// `xdg-user-dir NAME`'s answer, or nil when it is not installed or fails.
    public static func askXdgUserDir(_ name: String) -> String? {
        let candidates = ["/usr/bin/xdg-user-dir", "/bin/xdg-user-dir"]
        guard let tool = candidates.first(where: FileManager.default.isExecutableFile(atPath:)),
              let said = try? SpawnedProcess.output(of: tool, [name]), said.termination.succeeded, !said.text.isEmpty
        else { return nil }
        return said.text
    }

    /// `mkdir -p path`: nil when made, else the system's reason (Foundation's error for this
    /// names no cause a person could act on).
    static func makeFolder(_ path: String) -> String? {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o777) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return String(cString: strerror(ENOTDIR))
        }
        return nil
    }

    static func standard(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// A folder to save into: the user's, or the current directory with the reason why.
public struct SaveFolder: Equatable, Sendable {
    public let path: String
    /// The home folder, shown as "~" in toasts.
    public let home: String?
    /// Why this is the current directory and not the user's folder; nil when it is theirs.
    public let problem: String?

    public init(path: String, home: String? = nil, problem: String? = nil) {
        self.path = path
        self.home = home
        self.problem = problem
    }

    /// The longest toast line these make, in characters: at the toast's 15 pt (about 8.7 pt a
    /// character) it stays inside a 1280-point window with room to spare.
    public static let longestToast = 130

    /// A toast naming the saved (or being saved) `file` whole: `before`, the path ("~" for
    /// the home, its middle elided when too long, the file name always whole), `after`, and
    /// in the current directory, why, at most `longestToast` characters in all.
    public func toast(_ before: String, _ file: String, _ after: String = "") -> String {
        let shown = HomePath.shown(file, home: home)
        let fixed = before.count + after.count
        // First the file name, whole, and the start of its folder; then why it is in the
        // current directory; then as much more of the folder as fits.
        var note = ""
        if let problem {
            let wrapper = " (current directory: )"
            let fileName = shown.count - (shown.lastIndex(of: "/").map { shown.distance(from: shown.startIndex, to: $0) } ?? 0)
            let room = Self.longestToast - fixed - min(shown.count, fileName + 8) - wrapper.count
            let longest = max(8, room)
            note = " (current directory: \(problem.count <= longest ? problem : problem.prefix(longest - 1) + "…"))"
        }
        let room = Self.longestToast - fixed - note.count
        return before + Self.elided(shown, longest: room, keepingLast: true) + after + note
    }

    /// `text` cut to `longest` characters with "…" in the middle; with `keepingLast`, the
    /// last path component stays whole while it fits.
    static func elided(_ text: String, longest: Int, keepingLast: Bool = false) -> String {
        guard text.count > longest else { return text }
        let last = keepingLast ? String(text[(text.lastIndex(of: "/") ?? text.startIndex)...]) : ""
        if keepingLast, last.count + 2 <= longest {
            return String(text.prefix(longest - last.count - 1)) + "…" + last
        }
        let head = (longest - 1) / 2
        return String(text.prefix(head)) + "…" + String(text.suffix(longest - 1 - head))
    }
}
