import Foundation

/// How the R key's videos are named by the time (the P key's screenshots use the same
/// stamp). Where they go: `UserFolder.videos` (DesktopSettings), the rule P's pictures follow.
extension WindowRecorder {
    /// The date and time in file names: the R key's videos and the P key's screenshots.
    public static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
