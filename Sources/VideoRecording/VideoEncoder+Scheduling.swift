import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where ffmpeg and R's writer run: a live recording is background work that must not take a
/// core from the window it records; a stopped one is a file the person is waiting for.
extension VideoEncoder {
    /// Lowers ffmpeg's priority to `niceness` (its encoding threads, started with the first
    /// frame, inherit it): a recording of the window must yield to the window's own work.
    public func lowerPriority(to niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(processIdentifier), niceness)
    }

    /// Lets ffmpeg run only on a core nothing else wants (Linux's SCHED_IDLE, which its
    /// encoding threads, started with the first frame, inherit): a live recording must never
    /// take a core from the window it records. Where that is refused (or off Linux), the
    /// lowest nice value, 19.
    public func runOnlyWhenIdle() {
        if Self.scheduleOnlyWhenIdle(processIdentifier) { return }
        lowerPriority(to: 19)
    }

    /// Ends `runOnlyWhenIdle` once the recording has stopped: every thread of ffmpeg under
    /// SCHED_IDLE goes to Linux's ordinary policy at `niceness`. SCHED_IDLE work gets almost no
    /// time while any other thread on the machine wants the core, so beside a busy program (a
    /// build) a stopped recording took minutes to end: a 0.9 s clip, 176 s, beside four busy loops.
    public func runOrdinarily(niceness: Int32) {
        // Threads ffmpeg starts from now on inherit the main thread's policy, so it goes first;
        // then every thread listed, again while a pass still finds one to change.
        let id = processIdentifier
        _ = Self.leaveIdleScheduling(id, niceness: niceness)
        for _ in 0..<4 {
            let changedAny = Self.threads(of: id).map { Self.leaveIdleScheduling($0, niceness: niceness) }.contains(true)
            if !changedAny { break }
        }
    }

    /// Puts `id` (a process, a thread's id, or 0 for the calling thread: Linux applies a policy
    /// per thread) under SCHED_IDLE; false where that is refused or not available.
    static func scheduleOnlyWhenIdle(_ id: pid_t) -> Bool {
        #if os(Linux)
        var parameters = sched_param(sched_priority: 0)
        return sched_setscheduler(id, SchedulingPolicy.idle, &parameters) == 0
        #else
        return false
        #endif
    }

    /// Moves the thread `id` from SCHED_IDLE to Linux's ordinary policy at `niceness`; true
    /// when it did. A thread under another policy is left as it is. Leaving SCHED_IDLE and
    /// taking a nice value above 0 need no privilege (sched(7), since Linux 2.6.39).
    static func leaveIdleScheduling(_ id: pid_t, niceness: Int32) -> Bool {
        #if os(Linux)
        guard sched_getscheduler(id) == SchedulingPolicy.idle else { return false }
        var parameters = sched_param(sched_priority: 0)
        guard sched_setscheduler(id, SchedulingPolicy.ordinary, &parameters) == 0 else { return false }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), niceness)
        return true
        #else
        return false
        #endif
    }

    /// The ids of process `id`'s threads (Linux's /proc/ID/task); empty once it has ended.
    static func threads(of id: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(id)/task")) ?? []
        return names.compactMap { pid_t($0) }
    }

    /// The calling thread's id (Linux's gettid, which Swift's Glibc does not import), read
    /// from /proc/thread-self ("PID/task/TID", Linux 3.17); nil where there is none.
    static func currentThreadIdentifier() -> pid_t? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return pid_t((target as NSString).lastPathComponent)
    }
}

/// Linux's scheduling policies from <sched.h> (SCHED_OTHER 0; SCHED_IDLE 5, Linux 2.6.23, a
/// GNU extension Swift's Glibc does not import).
enum SchedulingPolicy {
    static let ordinary: Int32 = 0
    static let idle: Int32 = 5
}
