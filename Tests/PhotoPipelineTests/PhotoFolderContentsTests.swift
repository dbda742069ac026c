import Dispatch
import Foundation
import Testing
@testable import PhotoPipeline

/// A folder's contents as the model and the textures need them, and its headers handed out in
/// batches as they arrive: checked here without SDL or a model.
@Suite struct PhotoFolderContentsTests {
    /// Waits until `condition` holds; after a minute it fails naming `what`, so a scan that
    /// never gets there fails the test instead of hanging it (no speed is asserted).
    private static func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                                _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("waited 60 s for \(what)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    /// A file whose header cannot be read keeps its place, as a 3:2 cell with its reason;
    /// the others keep their shapes (width over height) and their names as titles.
    @Test func unreadableFilesKeepTheirPlacesAtThreeToTwo() throws {
        let scratch = try Scratch()
        try TestImages.solid(scratch.file("a-wide.png"), width: 8, height: 4, (10, 10, 10))
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: scratch.file("b-text.jpg")))
        try TestImages.solid(scratch.file("c-tall.png"), width: 4, height: 10, (10, 10, 10))
        let contents = PhotoFolderContents.load(try PhotoFolder.scan(scratch.path), indexFile: nil)

        #expect(contents.aspectRatios == [2, PhotoFolderContents.unreadableAspectRatio, 0.4])
        #expect(contents.titles == ["a-wide", "b-text", "c-tall"])
        #expect(contents.paths == ["a-wide.png", "b-text.jpg", "c-tall.png"].map(scratch.file))
        #expect(contents.headers.map { $0 == nil } == [false, true, false])
        #expect(Array(contents.problems.keys) == [1])
        #expect(contents.scanner == nil, "waiting for all: every header read")
        #expect(!contents.nothingReadable)
        #expect(contents.firstProblem.hasPrefix(scratch.file("b-text.jpg") + ": "), "\(contents.firstProblem)")
    }

    @Test func aFolderOfNothingReadableSaysSo() throws {
        let scratch = try Scratch()
        try Data("text".utf8).write(to: URL(fileURLWithPath: scratch.file("one.jpg")))
        try Data().write(to: URL(fileURLWithPath: scratch.file("two.png")))
        let contents = PhotoFolderContents.load(try PhotoFolder.scan(scratch.path), indexFile: nil)
        #expect(contents.nothingReadable)
        #expect(contents.paths.count == 2)
    }

    /// The photo given on the command line is found by name; an unknown name starts at the top.
    @Test func theStartPhotoIsFoundByName() throws {
        let scratch = try Scratch()
        for name in ["p1.png", "p2.png", "p3.png"] { try TestImages.solid(scratch.file(name), width: 4, height: 4, (1, 2, 3)) }
        let folder = try PhotoFolder.scan(scratch.path)
        #expect(PhotoFolderContents.load(folder, startingAt: "p3.png", indexFile: nil).startIndex == 2)
        #expect(PhotoFolderContents.load(folder, startingAt: "p9.png", indexFile: nil).startIndex == nil)
    }

    /// The listing is handed over whole in the first batch (every photo in its provisional
    /// shape), then headers in whatever order they were read, in batches no more often than
    /// `HeaderArrivals.interval` unless the folder is done, each naming the photo it sets.
    @Test func arrivalsListEveryPhotoFirstThenSetShapesInBatches() throws {
        let scratch = try Scratch()
        for i in 0..<5 { try Data().write(to: URL(fileURLWithPath: scratch.file("f\(i).png"))) }
        // One header per signal: the test decides when each "arrives". (Made at 0: libdispatch
        // traps on freeing a semaphore whose count is below the one it was made with.)
        let gate = DispatchSemaphore(value: 0)
        let library = LibraryScan(root: scratch.path, indexFile: nil, workers: 1, awaited: 0) { _ throws(PhotoProblem) in
            gate.wait()
            return PhotoHeader(width: 30, height: 10)
        }
        let contents = try PhotoFolderContents.start(library, waitingUntil: Date().addingTimeInterval(60))
        #expect(contents.paths == (0..<5).map { scratch.file("f\($0).png") }, "listed before any header is read")
        #expect(contents.aspectRatios == Array(repeating: PhotoFolderContents.provisionalAspectRatio, count: 5))
        let arrivals = HeaderArrivals(contents: contents)
        #expect(arrivals.nextBatch(at: 0) == nil, "nothing new yet")

        gate.signal()
        try Self.waitFor("the first header read") { library.progress.known >= 1 }
        let first = try #require(arrivals.nextBatch(at: 0.01))
        #expect(first.listed.isEmpty)
        #expect(first.shapes.map(\.photo) == [0] && first.shapes.map(\.aspectRatio) == [3])
        gate.signal()
        try Self.waitFor("the second header read") { library.progress.known >= 2 }
        #expect(arrivals.nextBatch(at: 0.01 + HeaderArrivals.interval / 2) == nil, "too soon after the last batch")
        let second = try #require(arrivals.nextBatch(at: 0.01 + HeaderArrivals.interval))
        #expect(second.shapes.map(\.photo) == [1])

        for _ in 0..<3 { gate.signal() }
        try Self.waitFor("the scan to finish") { library.isFinished }
        // Done: handed out at once, whatever the interval.
        let last = try #require(arrivals.nextBatch(at: 0.02 + HeaderArrivals.interval))
        #expect(last.shapes.map(\.photo).sorted() == [2, 3, 4])
        #expect(last.problems.isEmpty)
        #expect(arrivals.nextBatch(at: 100) == nil, "nothing after the folder is done")
        #expect(arrivals.contents.aspectRatios == Array(repeating: 3, count: 5))
    }
}
