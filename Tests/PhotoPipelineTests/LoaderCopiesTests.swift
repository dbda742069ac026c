import Dispatch
import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

/// A decode's disk copies are written after its pixels are handed over, while no decode
/// waits, and before the loader's workers end.
@Suite struct LoaderCopiesTests {
    private static func photo() -> DecodedPhoto {
        DecodedPhoto(image: RGBAImage(width: 1, height: 1, bytes: [1, 2, 3, 255]), source: PhotoHeader(width: 1, height: 1))
    }

    private static func request(_ id: Int, priority: Int) -> PhotoRequest {
        PhotoRequest(id: id, path: "/p/\(id).jpg", size: PixelSize(width: 1, height: 1), priority: priority)
    }

    /// Waits until `condition` holds; the bound only turns a broken loader into a failure
    /// naming `what` instead of a hang (no speed is asserted).
    private static func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("waited 60 s for \(what)", sourceLocation: sourceLocation)
                return
            }
            usleep(500)
        }
    }

    /// One worker: photo 1's copy waits while photo 2 (queued behind it) decodes, and is
    /// written once the queue is empty.
    @Test func aCopyWaitsForTheDecodesQueuedBehindIt() {
        let log = Mutex<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        let core = LoaderCore(byteBudget: 1 << 20, countLimit: 16) { request throws(PhotoProblem) in
            if request.id == 2 { gate.wait() }
            log.withLock { $0.append("decoded \(request.id)") }
            return (Self.photo(), { log.withLock { $0.append("copy \(request.id)") } })
        }
        core.submit([Self.request(1, priority: 2), Self.request(2, priority: 1)])
        let worker = Thread { core.work() }
        worker.start()
        Self.waitFor("photo 1 decoded and photo 2 decoding") { log.withLock { $0.contains("decoded 1") } && core.snapshot().decoding == 1 }
        #expect(core.take(max: 4).map(\.request.id) == [1], "photo 1 is handed over before its copy is written")
        #expect(!log.withLock { $0.contains("copy 1") }, "its copy waits while photo 2 decodes")
        gate.signal()
        Self.waitFor("both photos decoded and both copies written") { log.withLock { $0.count } == 4 }
        #expect(log.withLock { $0 } == ["decoded 1", "decoded 2", "copy 1", "copy 2"])
        core.stop(wait: true)
    }

    /// Copies still waiting when the loader stops are written before its workers end: the
    /// next visit's first screen is made of them.
    @Test func copiesWaitingAtTheStopAreWritten() {
        let copies = Mutex(0)
        let itself = Mutex<LoaderCore?>(nil)
        // Each decode holds the loader as it ends (as the window does before its first
        // frame), so the copy cannot be written until the stop.
        let core = LoaderCore(byteBudget: 1 << 20, countLimit: 16) { _ throws(PhotoProblem) in
            itself.withLock { $0 }?.setHeld(true)
            return (Self.photo(), { copies.withLock { $0 += 1 } })
        }
        itself.withLock { $0 = core }
        core.submit([Self.request(1, priority: 2), Self.request(2, priority: 1)])
        let worker = Thread { core.work() }
        worker.start()
        // Photo 1 handed over, its worker looked again, saw the hold (its copy and photo 2
        // waiting) and waited: it had its chance to write the copy and did not.
        Self.waitFor("photo 1 finished and its worker waiting on the hold") {
            let counters = core.snapshot()
            return counters.finished == 1 && counters.waitingWhileHeld == 1
        }
        #expect(copies.withLock { $0 } == 0, "held: the copy waits")
        core.stop(wait: true)
        #expect(copies.withLock { $0 } == 1, "written before the worker ended")
        #expect(core.snapshot().finished == 1, "the queued decode was dropped")
        itself.withLock { $0 = nil }
    }
}
