import Foundation

/// A value worked out on a thread of its own from the moment it is made, so the window's
/// start-up goes on meanwhile: the desktop's reduce-motion answer (a child process) and a
/// photo folder's first screen of headers (files) are found while SDL connects to the display
/// on the other core, instead of one after another before it (so the first frame comes sooner).
public final class BackgroundAnswer<Value: Sendable>: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var answer: Value?
    private var gaveUp = false

    public init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let found = work()
            condition.lock()
            answer = found
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "start-up answer"
        thread.start()
    }

    /// Waits for the answer as long as it takes.
    public var value: Value {
        condition.lock()
        defer { condition.unlock() }
        while answer == nil { condition.wait() }
        return answer!
    }

    /// Waits for the answer at most `seconds`; nil when it has not come by then. A later call
    /// does not wait again: it returns the answer if it came meanwhile, else nil (a child
    /// process that hangs costs the wait once, not at every read).
    public func value(waitingAtMost seconds: Double) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while answer == nil, !gaveUp {
            if !condition.wait(until: deadline) { gaveUp = answer == nil }
        }
        return answer
    }
}
