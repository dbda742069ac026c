import Foundation

/// The one way the app writes a path for a person to read: a leading home folder as "~", as
/// a shell writes it. The toasts, the tuning panel and the commands' notes all show paths
/// through here, so the same file reads the same everywhere.
public enum HomePath {
    /// `path` with a leading `home` written "~" (a home of "/" is left alone: every path
    /// would start with it).
    public static func shown(_ path: String, home: String?) -> String {
        guard let home, home != "/", path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `path` with this process's `HOME` written "~".
    public static func shown(_ path: String) -> String {
        shown(path, home: ProcessInfo.processInfo.environment["HOME"])
    }
}
