import Dispatch
import Foundation
import Testing
@testable import PhotoPipeline

/// A folder's contents as the model and the textures need them, and its headers handed out in
/// batches as they arrive: checked here without SDL or a model.
@Suite struct PhotoFolderContentsTests {
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

    /// Headers read after the first screen come out in order, in batches no more often than
    /// `HeaderArrivals.interval` unless the folder is done, each naming where it goes.
    @Test func arrivalsComeInOrderedBatchesAtMostEveryInterval() throws {
        let scratch = try Scratch()
        for i in 0..<5 { try Data().write(to: URL(fileURLWithPath: scratch.file("f\(i).png"))) }
        let folder = try PhotoFolder.scan(scratch.path)
        // One header per signal: the test decides when each "arrives". (Made at 0: libdispatch
        // traps on freeing a semaphore whose count is below the one it was made with.)
        let gate = DispatchSemaphore(value: 0)
        let scanner = HeaderScanner(entries: folder.entries) { _ throws(PhotoProblem) in
            gate.wait()
            return PhotoHeader(width: 30, height: 10)
        }
        gate.signal()
        gate.signal()
        #expect(scanner.waitUntilReady(count: 2, timeout: 60) == 2)
        var contents = PhotoFolderContents(indexFile: nil)
        contents.add(scanner.takeReady())
        contents.scanner = scanner
        let arrivals = HeaderArrivals(contents: contents)

        #expect(arrivals.nextBatch(at: 0) == nil, "nothing new yet")
        gate.signal()
        #expect(scanner.waitUntilReady(count: 3, timeout: 60) == 3)
        #expect(arrivals.nextBatch(at: HeaderArrivals.interval / 2) == nil, "too soon after the last look")
        let second = try #require(arrivals.nextBatch(at: HeaderArrivals.interval))
        #expect(second.indices == 2..<3)
        #expect(Array(second.aspectRatios) == [3])
        #expect(Array(second.paths) == [scratch.file("f2.png")])

        gate.signal()
        gate.signal()
        #expect(scanner.waitUntilReady(count: 5, timeout: 60) == 5)
        // Done: handed out at once, whatever the interval.
        let last = try #require(arrivals.nextBatch(at: HeaderArrivals.interval + 0.01))
        #expect(last.indices == 3..<5)
        #expect(Array(last.titles) == ["f3", "f4"])
        #expect(last.problems.isEmpty)
        #expect(arrivals.nextBatch(at: 100) == nil, "nothing after the folder is done")
    }
}
