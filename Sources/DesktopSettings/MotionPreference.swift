import ChildProcesses
import Foundation

/// The desktop's "reduce motion": GNOME's `enable-animations` false; on macOS, Accessibility's
/// Reduce motion (`defaults read com.apple.universalaccess reduceMotion` is 1; untested here).
/// Absent either, motion stays on.
///
/// Asked for on a thread of its own as soon as it is made (a child process, `gsettings`: about
/// 6 ms here through posix_spawn, see `SpawnedProcess`), so the window's start-up goes on
/// while the desktop answers; read when the window needs it.
public final class DesktopMotionPreference: Sendable {
    /// How long a read waits for the desktop (`gsettings` answers in about 10 ms here) before
    /// keeping motion on: a desktop service that hangs must not hold the window.
    public static let answerWait = 2.0

    private let answer: BackgroundAnswer<String?>
    private let reducedWhen: String

    /// Asks the desktop this machine has.
    public convenience init() {
        #if os(macOS)
        self.init(program: "/usr/bin/defaults", arguments: ["read", "com.apple.universalaccess", "reduceMotion"], reducedWhen: "1")
        #else
        self.init(program: ["/usr/bin/gsettings", "/bin/gsettings"].first(where: FileManager.default.isExecutableFile(atPath:)),
                  arguments: ["get", "org.gnome.desktop.interface", "enable-animations"], reducedWhen: "false")
        #endif
    }

    /// Asks `program` (nil: there is nothing to ask; motion on): motion is reduced when it
    /// succeeds printing `reducedWhen`.
    public init(program: String?, arguments: [String], reducedWhen: String) {
        self.reducedWhen = reducedWhen
        answer = BackgroundAnswer { commandAnswer(program, arguments) }
    }

    /// Whether the desktop asks for reduced motion; false when it has not answered within
    /// `seconds`.
    public func reducesMotion(waitingAtMost seconds: Double = answerWait) -> Bool {
        answer.value(waitingAtMost: seconds).flatMap { $0 } == reducedWhen
    }
}

/// What `program` printed, trimmed, when it ran and succeeded; nil otherwise.
private func commandAnswer(_ program: String?, _ arguments: [String]) -> String? {
    guard let program, FileManager.default.isExecutableFile(atPath: program),
          let answer = try? SpawnedProcess.output(of: program, arguments), answer.termination.succeeded
    else { return nil }
    return answer.text
}
