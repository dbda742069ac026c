import Foundation

// The app's one-line messages on standard error, shared by every module that speaks to the
// user (the commands, the window, recording, photo loading): each line starts with what it
// is, so a script reading a run's errors can tell a warning from a failure.

/// Writes "error: MESSAGE" on standard error.
public func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}

/// Writes "warning: MESSAGE" on standard error.
public func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}

/// Writes "note: MESSAGE" on standard error: what a command chose on its own, and why.
public func printNote(_ message: String) {
    FileHandle.standardError.write(Data("note: \(message)\n".utf8))
}
