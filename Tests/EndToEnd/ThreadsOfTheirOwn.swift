import Foundation
import Testing

/// Runs every job of a task on a new thread of its own. A test body that blocks (waiting for
/// the app, a browser or an encoder it started, or for a window to draw) then holds none of
/// the threads of Swift Testing's pool, which has one thread a core (two on the machines
/// `make test` runs on): those stay with the tests that compute.
final class ThreadPerJobExecutor: TaskExecutor, Sendable {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        // The size of a main thread's stack: the debug build's deep frames fit as they did on
        // the pool's threads.
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// The trait of a suite whose tests mostly wait for programs they start: its tests run on
/// threads of their own (`ThreadPerJobExecutor`; child tasks inherit the preference). How
/// many tests run at once is still bounded, by Swift Testing's admission of test cases:
/// `make test` passes `--experimental-maximum-parallelization-width` (see the Makefile), and
/// a test's time limit starts only once it is admitted. Without that bound (a plain `swift
/// test`, whose Swift Testing admits every test at once) the tests stay on the pool, whose two
/// threads are then the bound, as before: a few suites through `swift test --filter` run as
/// well either way; the whole set is `make test`'s.
///
/// Why: a `make test` spent a fifth of its time with a core idle while window tests slept on
/// both pool threads, and suites that waited that way had to be serialized, each test then
/// queued behind every other test of the run (the window suite's ten took its last 330 s).
struct OnThreadsOfTheirOwn: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    /// Whether this test process was started with an admission width (Swift Testing reads it
    /// from the same arguments and offers no way to ask it).
    static let admissionIsBounded = CommandLine.arguments.contains("--experimental-maximum-parallelization-width")

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { test.isSuite && Self.admissionIsBounded ? self : nil }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OnThreadsOfTheirOwn {
    /// See `OnThreadsOfTheirOwn`.
    static var onThreadsOfTheirOwn: Self { OnThreadsOfTheirOwn() }
}
