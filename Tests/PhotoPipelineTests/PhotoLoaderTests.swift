import Dispatch
import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

/// A stand-in decoder: records what it decoded, can hold each decode until released, and
/// makes results of a chosen byte size (failing for ids in `failing`).
final class FakeDecoder: Sendable {
    let decoded = Mutex<[Int]>([])
    let gate = DispatchSemaphore(value: 0)
    let gated: Bool
    let pixelsPerResult: Int
    let failing: Set<Int>

    init(gated: Bool = false, bytesPerResult: Int = 400, failing: Set<Int> = []) {
        self.gated = gated
        self.pixelsPerResult = bytesPerResult / 4
        self.failing = failing
    }

    var decode: PhotoLoader.Decode {
        { [self] request throws(PhotoProblem) in
            if gated { gate.wait() }
            decoded.withLock { $0.append(request.id) }
            if failing.contains(request.id) { throw .notAnImage }
            return DecodedPhoto(image: RGBAImage(width: pixelsPerResult, height: 1, bytes: [UInt8](repeating: 7, count: pixelsPerResult * 4)),
                                source: PhotoHeader(width: pixelsPerResult, height: 1))
        }
    }

    func release(_ count: Int) { for _ in 0..<count { gate.signal() } }
}

/// Waits until the loader's counters satisfy `condition`. The bound is only there so a
/// broken loader fails the test instead of hanging it; no speed is asserted.
func waitUntil(_ loader: PhotoLoader, sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: (PhotoLoaderCounters) -> Bool) {
    for _ in 0..<20_000 {
        if condition(loader.counters) { return }
        Thread.sleep(forTimeInterval: 0.001)
    }
    Issue.record("the loader never reached the expected state: \(loader.counters)",
                 sourceLocation: sourceLocation)
}

func request(_ id: Int, priority: Int = 0) -> PhotoRequest {
    PhotoRequest(id: id, path: "/fake/\(id).jpg", size: PixelSize(width: 10, height: 10),
                 priority: priority)
}

@Suite struct PhotoLoaderTests {
    @Test func highestPriorityRunsFirst() {
        let fake = FakeDecoder(gated: true)
        let loader = PhotoLoader(workers: 1, decode: fake.decode)
        loader.submit(request(0))
        waitUntil(loader) { $0.decoding == 1 }  // the lone worker is busy with 0
        loader.submit([request(1, priority: 1), request(2, priority: 5), request(3, priority: 3),
                       request(4, priority: 5)])
        #expect(loader.reprioritize(1, to: 10))
        #expect(!loader.reprioritize(0, to: 99), "0 is running, not queued")
        fake.release(5)
        waitUntil(loader) { $0.finished == 5 }
        #expect(loader.takeFinished(max: 10).map(\.request.id) == [0, 1, 2, 4, 3])
        loader.shutdown()
    }

    @Test func cancelledWorkNeverReachesTheResults() {
        let fake = FakeDecoder(gated: true)
        let loader = PhotoLoader(workers: 1, decode: fake.decode)
        loader.submit(request(0))
        waitUntil(loader) { $0.decoding == 1 }
        loader.submit([request(1), request(2)])
        #expect(loader.cancel(1))   // queued: must never decode
        #expect(loader.cancel(0))   // decoding: its result must be dropped
        #expect(!loader.cancel(42)) // unknown
        fake.release(2)
        waitUntil(loader) { $0.queued == 0 && $0.decoding == 0 && $0.ready == 1 }
        #expect(loader.takeFinished(max: 10).map(\.request.id) == [2])
        #expect(fake.decoded.withLock { $0 } == [0, 2])

        loader.submit(request(3))  // finished but not taken, then cancelled
        fake.release(1)
        waitUntil(loader) { $0.ready == 1 }
        #expect(loader.cancel(3))
        #expect(loader.takeFinished(max: 10).isEmpty)
        let counters = loader.counters
        #expect(counters.cancelled == 3 && counters.finished == 2 && counters.ready == 0)
        loader.shutdown()
    }

    @Test func resubmittingAnIdReplacesTheOlderRequest() {
        let fake = FakeDecoder(gated: true)
        let loader = PhotoLoader(workers: 1, decode: fake.decode)
        loader.submit(request(0))
        waitUntil(loader) { $0.decoding == 1 }
        var newer = request(0)
        newer.size = PixelSize(width: 99, height: 99)
        loader.submit(newer)
        fake.release(2)
        waitUntil(loader) { $0.finished == 1 && $0.decoding == 0 && $0.queued == 0 }
        let results = loader.takeFinished(max: 10)
        #expect(results.map(\.request.size) == [PixelSize(width: 99, height: 99)])
        #expect(loader.counters.cancelled == 1)
        loader.shutdown()
    }

    @Test(arguments: [1, 2, 3])
    func finishedQueueStaysWithinItsByteBudget(workers: Int) {
        let budget = 2_500, each = 1_000
        let fake = FakeDecoder(bytesPerResult: each)
        let loader = PhotoLoader(workers: workers, finishedByteBudget: budget, decode: fake.decode)
        loader.submit((0..<12).map { request($0) })
        // Two results fit; every worker then holds a third, waiting for room.
        waitUntil(loader) { $0.ready == 2 && $0.waitingForRoom == workers }
        #expect(loader.counters.readyBytes == 2 * each)
        var taken: [Int] = []
        while taken.count < 12 {
            let counters = loader.counters
            #expect(counters.readyBytes <= budget)
            taken += loader.takeFinished(max: 1).map(\.request.id)
            if counters.ready == 0 { Thread.sleep(forTimeInterval: 0.001) }
        }
        #expect(Set(taken) == Set(0..<12))
        #expect(loader.counters == {
            var expected = PhotoLoaderCounters()
            expected.finished = 12
            return expected
        }())
        loader.shutdown()
    }

    @Test func finishedQueueIsBoundedInCountToo() {
        let fake = FakeDecoder(failing: Set(0..<20))  // failures cost no bytes
        let loader = PhotoLoader(workers: 2, finishedCountLimit: 3, decode: fake.decode)
        loader.submit((0..<20).map { request($0) })
        // Full: no worker is left decoding, only (perhaps) holding a result.
        waitUntil(loader) { $0.ready == 3 && $0.decoding == $0.waitingForRoom }
        #expect(loader.counters.ready == 3)
        var taken = 0
        while taken < 20 {
            #expect(loader.counters.ready <= 3)
            let batch = loader.takeFinished(max: 2)
            taken += batch.count
            if batch.isEmpty { Thread.sleep(forTimeInterval: 0.001) }
        }
        #expect(loader.counters.failed == 20)
        loader.shutdown()
    }

    @Test func countersAddUp() {
        let fake = FakeDecoder(failing: [1, 3, 5])
        let loader = PhotoLoader(workers: 2, decode: fake.decode)
        loader.submit((0..<6).map { request($0) })
        waitUntil(loader) { $0.finished + $0.failed == 6 }
        let results = loader.takeFinished(max: 100)
        #expect(results.count == 6)
        for result in results {
            switch result.outcome {
            case .success(let photo): #expect(!fake.failing.contains(result.request.id) && photo.byteCount == 400)
            case .failure(let problem): #expect(fake.failing.contains(result.request.id) && problem == .notAnImage)
            }
        }
        let counters = loader.counters
        #expect((counters.finished, counters.failed, counters.cancelled) == (3, 3, 0))
        #expect((counters.queued, counters.decoding, counters.ready, counters.readyBytes) == (0, 0, 0, 0))
        loader.shutdown()
    }

    @Test func decodesRealFilesWithLibvips() throws {
        let scratch = try Scratch()
        try TestImages.solid(scratch.file("a.jpg"), width: 300, height: 200, (200, 100, 50))
        try Data("nope".utf8).write(to: URL(fileURLWithPath: scratch.file("b.jpg")))
        let loader = PhotoLoader(workers: 2)
        loader.submit([
            PhotoRequest(id: 1, path: scratch.file("a.jpg"), size: PixelSize(width: 60, height: 60)),
            PhotoRequest(id: 2, path: scratch.file("b.jpg"), size: PixelSize(width: 60, height: 60)),
        ])
        waitUntil(loader) { $0.finished + $0.failed == 2 }
        let results = Dictionary(uniqueKeysWithValues: loader.takeFinished(max: 2).map { ($0.request.id, $0) })
        let photo = try #require(try? results[1]?.outcome.get())
        #expect(photo.size == PixelSize(width: 90, height: 60))
        #expect(close(photo.averageColour, (200, 100, 50), tolerance: 4))
        #expect(throws: PhotoProblem.notAnImage) { try results[2]?.outcome.get() }
        loader.shutdown()
    }

    /// Many real decodes at once, good files and bad, with cancels and resubmits racing the
    /// workers: every request ends exactly once as it should, and none after its cancel.
    @Test func realDecodesUnderCancellationEndExactlyOnce() throws {
        let scratch = try Scratch()
        try TestImages.noiseJPEG(scratch.file("good.jpg"), width: 320, height: 240)
        let whole = try Data(contentsOf: URL(fileURLWithPath: scratch.file("good.jpg")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: scratch.file("cut.jpg")))
        try Data("text".utf8).write(to: URL(fileURLWithPath: scratch.file("text.jpg")))
        let paths = ["good.jpg", "cut.jpg", "text.jpg", "missing.jpg"].map(scratch.file)
        let loader = PhotoLoader(workers: 3, finishedByteBudget: 200_000)
        let count = 60
        loader.submit((0..<count).map { id in
            PhotoRequest(id: id, path: paths[id % paths.count], size: PixelSize(width: 64, height: 48),
                         priority: id % 7)
        })
        var cancelled: Set<Int> = []
        for id in stride(from: 0, to: count, by: 5) where loader.cancel(id) { cancelled.insert(id) }
        var results: [PhotoResult] = []
        var spins = 0
        while loader.counters.queued + loader.counters.decoding + loader.counters.ready > 0, spins < 20_000 {
            results += loader.takeFinished(max: 4)
            spins += 1
            Thread.sleep(forTimeInterval: 0.001)
        }
        results += loader.takeFinished(max: 100)
        let ids = results.map(\.request.id)
        #expect(Set(ids).count == ids.count, "a request finished twice")
        #expect(Set(ids).isDisjoint(with: cancelled))
        #expect(Set(ids).union(cancelled) == Set(0..<count))
        for result in results {
            let expected: PhotoProblem? = [nil, .truncated, .notAnImage, .missing][result.request.id % 4]
            switch result.outcome {
            case .success(let photo): #expect(expected == nil && photo.size == PixelSize(width: 64, height: 48))
            case .failure(let problem): #expect(problem == expected, "request \(result.request.id)")
            }
        }
        let counters = loader.counters
        #expect(counters.finished + counters.failed == results.count)
        #expect(counters.cancelled == cancelled.count)
        loader.shutdown()
    }

    @Test func defaultWorkerCountLeavesACoreForDrawing() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(PhotoLoader.defaultWorkerCount == max(1, cores - 1))
        #expect(PhotoLoader(workers: 0).workerCount == 1)
    }

    /// The window's last worker decodes only while its frame loop is idle.
    @Test func aDecodeLimitKeepsWorkersBackAndRaisingItLetsThemGo() {
        let fake = FakeDecoder(gated: true)
        let loader = PhotoLoader(workers: 2, decode: fake.decode)
        loader.limitDecodes(to: 1)
        loader.submit((0..<4).map { request($0) })
        // The second worker woke for the queued requests, found the limit reached and waited:
        // it had its chance to start a decode and did not.
        waitUntil(loader) { $0.decoding == 1 && $0.waitingForDecodeLimit == 1 }
        #expect(loader.counters.decoding == 1 && loader.counters.queued == 3)
        loader.limitDecodes(to: 2)
        waitUntil(loader) { $0.decoding == 2 }
        // Lowered again, the running decodes finish and only one starts after them.
        loader.limitDecodes(to: 1)
        fake.release(2)
        waitUntil(loader) { $0.finished == 2 && $0.decoding == 1 }
        #expect(loader.counters.queued == 1)
        fake.release(2)
        waitUntil(loader) { $0.finished == 4 }
        loader.shutdown()
    }

    @Test func aLimitOutsideOneToTheWorkersIsClamped() {
        let fake = FakeDecoder(gated: true)
        let loader = PhotoLoader(workers: 2, decode: fake.decode)
        loader.limitDecodes(to: 0)  // still one
        loader.submit((0..<3).map { request($0) })
        waitUntil(loader) { $0.decoding == 1 }
        loader.limitDecodes(to: 1_000)  // at most the two workers
        waitUntil(loader) { $0.decoding == 2 }
        fake.release(3)
        waitUntil(loader) { $0.finished == 3 }
        loader.shutdown()
    }

    @Test func theFinishedObserverHearsEveryResult() {
        let heard = Mutex(0)
        let fake = FakeDecoder(failing: [2])
        let loader = PhotoLoader(workers: 2, decode: fake.decode)
        loader.onFinished { _ in heard.withLock { $0 += 1 } }
        loader.submit((0..<5).map { request($0) })
        waitUntil(loader) { $0.finished + $0.failed == 5 }
        #expect(heard.withLock { $0 } == 5)
        loader.shutdown()
    }
}
