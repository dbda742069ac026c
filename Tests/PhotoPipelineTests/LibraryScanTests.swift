import Dispatch
import Foundation
import Synchronization
import Testing
@testable import PhotoPipeline

/// A folder listed and read on threads of its own: every photo once, the ones the window
/// shows first, and the index written as the scan goes.
@Suite struct LibraryScanTests {
    /// `count` empty files named IMG_1.jpg … (the reader passed to the scan makes up headers).
    static func folder(_ count: Int) throws -> Scratch {
        let scratch = try Scratch()
        for i in 1...count { try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.file("IMG_\(i).jpg"))) }
        return scratch
    }

    static func waitUntil(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    }

    /// Every listed photo's header arrives exactly once, in natural order of names.
    @Test func everyPhotoArrivesOnceInNaturalOrder() throws {
        let scratch = try Self.folder(300)
        let library = LibraryScan(root: scratch.path, indexFile: nil, workers: 2) { path throws(PhotoProblem) in
            let number = Int(path.split(separator: "_").last!.dropLast(4))!
            return PhotoHeader(width: number, height: 10)
        }
        let contents = try PhotoFolderContents.start(library, waitingUntil: Date().addingTimeInterval(60))
        #expect(contents.titles == (1...300).map { "IMG_\($0)" })
        Self.waitUntil { library.isFinished }
        var seen = contents.headers.enumerated().compactMap { $0.element == nil ? nil : $0.offset }
        seen += library.takeReady().map(\.index)
        #expect(seen.sorted() == Array(0..<300))
        #expect(Set(seen).count == 300)
    }

    /// After the first screen, the photos the window shows (and their neighbours) are read
    /// before the rest of the folder.
    @Test func thePhotosInFocusAreReadNext() throws {
        let scratch = try Self.folder(3_000)
        let order = Mutex<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        let library = LibraryScan(root: scratch.path, indexFile: nil, workers: 1, awaited: 0) { path throws(PhotoProblem) in
            gate.wait()
            order.withLock { $0.append((path as NSString).lastPathComponent) }
            return PhotoHeader(width: 3, height: 2)
        }
        _ = try PhotoFolderContents.start(library, waitingUntil: Date().addingTimeInterval(60))
        library.setFocus(2_990..<3_000)
        for _ in 0..<40 { gate.signal() }
        Self.waitUntil { library.progress.known >= 40 }
        let read = order.withLock { $0 }
        // The one in hand when the focus moved may be from the start; the rest are near the end.
        let nearEnd = read.filter { Int($0.dropFirst(4).dropLast(4))! > 2_300 }
        #expect(nearEnd.count >= 38, "\(read)")
        // The ten on screen come first (after the one in hand, if the reader had one).
        #expect(Set(read.prefix(11)).isSuperset(of: (2_991...3_000).map { "IMG_\($0).jpg" }), "\(read)")
        library.cancel()
        for _ in 0..<3_000 { gate.signal() }
    }

    /// The index is written while the scan goes (not only at its end): a visit cut short
    /// still leaves what it read, and the next visit takes those headers without reading.
    @Test func theIndexIsWrittenAsTheScanGoesAndSpeedsTheNextVisit() throws {
        let scratch = try Self.folder(50)
        let indexFile = scratch.file("index/photo-index")
        let gate = DispatchSemaphore(value: 0)
        let reads = Mutex(0)
        let read: LibraryScan.Read = { _ throws(PhotoProblem) in
            gate.wait()
            reads.withLock { $0 += 1 }
            return PhotoHeader(width: 4, height: 3)
        }
        let first = LibraryScan(root: scratch.path, indexFile: indexFile, workers: 1, awaited: 0, saveInterval: 0, read: read)
        _ = try PhotoFolderContents.start(first, waitingUntil: Date().addingTimeInterval(60))
        for _ in 0..<20 { gate.signal() }
        Self.waitUntil { PhotoIndex.load(from: indexFile).count >= 19 }
        #expect(PhotoIndex.load(from: indexFile).count >= 19, "saved before the scan finished")
        #expect(!first.isFinished)
        first.cancel()
        for _ in 0..<60 { gate.signal() }
        Self.waitUntil { first.isFinished }
        let saved = PhotoIndex.load(from: indexFile).count

        reads.withLock { $0 = 0 }
        let second = LibraryScan(root: scratch.path, indexFile: indexFile, workers: 2, awaited: 0, read: read)
        _ = try PhotoFolderContents.start(second, waitingUntil: Date().addingTimeInterval(60))
        for _ in 0..<60 { gate.signal() }
        Self.waitUntil { second.isFinished }
        #expect(second.filesRead == 50 - saved, "only the photos the first visit did not reach are read")
        #expect(reads.withLock { $0 } == 50 - saved)
    }

    /// After a whole visit, the next one has every shape with the listing, before any file
    /// is read or checked; a file changed since is read again and its new shape handed over.
    @Test func aSecondVisitHasEveryShapeWithItsListing() throws {
        let scratch = try Self.folder(40)
        let indexFile = scratch.file("index/photo-index")
        let width = Mutex(4)
        let read: LibraryScan.Read = { _ throws(PhotoProblem) in PhotoHeader(width: width.withLock { $0 }, height: 3) }
        let first = LibraryScan(root: scratch.path, indexFile: indexFile, read: read)
        // The last reader saves the index just after the last header.
        Self.waitUntil { PhotoIndex.load(from: indexFile).count == 40 }
        #expect(PhotoIndex.load(from: indexFile).count == 40)

        width.withLock { $0 = 9 }
        try Data("changed".utf8).write(to: URL(fileURLWithPath: scratch.file("IMG_7.jpg")))
        let gate = DispatchSemaphore(value: 0)
        let second = LibraryScan(root: scratch.path, indexFile: indexFile, workers: 1, awaited: 0) { path throws(PhotoProblem) in
            gate.wait()
            return try read(path)
        }
        let contents = try PhotoFolderContents.start(second, waitingUntil: Date().addingTimeInterval(60))
        #expect(contents.headers.allSatisfy { $0 != nil }, "every shape from the index, no file read yet")
        #expect(second.filesRead == 0)
        let arrivals = HeaderArrivals(contents: contents)
        for _ in 0..<5 { gate.signal() }
        Self.waitUntil { second.isFinished }
        let batch = try #require(arrivals.nextBatch(at: 1))
        #expect(batch.shapes.map(\.photo) == [6], "only the changed file's shape is handed over again")
        #expect(batch.shapes.first?.aspectRatio == 3)
        #expect(second.filesRead == 1)
    }

    /// A library of year/month folders, listed recursively: folders and names in natural
    /// order (2015/2 before 2015/10), and `--sort date` orders by the index's dates.
    @Test func aRecursiveLibraryIsInNaturalOrder() throws {
        let scratch = try Scratch()
        var expected: [String] = []
        for year in [2015, 2016] {
            for month in [1, 2, 10] {
                let dir = scratch.file("\(year)/\(month)")
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                for i in [1, 2, 10] {
                    try Data("x".utf8).write(to: URL(fileURLWithPath: "\(dir)/IMG_\(i).jpg"))
                    expected.append("\(year)/\(month)/IMG_\(i)")
                }
            }
        }
        let library = LibraryScan(root: scratch.path, recursive: true, indexFile: nil) { _ throws(PhotoProblem) in
            PhotoHeader(width: 3, height: 2)
        }
        let contents = try PhotoFolderContents.start(library, waitingUntil: Date().addingTimeInterval(60))
        #expect(contents.paths.map { String($0.dropFirst(scratch.path.count + 1).dropLast(4)) } == expected)
    }

    /// A large folder is not waited for: with no header readable yet, the window still gets
    /// its contents (whatever is listed) long before the deadline. (Before, it waited for the
    /// first screen until the deadline: the first screen here never comes.)
    @Test func aLargeFolderIsNotWaitedFor() throws {
        let scratch = try Self.folder(LibraryScan.largeListing)
        var counts: [Int] = []
        _ = try PhotoFolder.scan(scratch.path, progress: { counts.append($0) })
        #expect(counts == Array(stride(from: 1_000, through: LibraryScan.largeListing, by: 1_000)))

        let gate = DispatchSemaphore(value: 0)
        let library = LibraryScan(root: scratch.path, indexFile: nil, workers: 1) { _ throws(PhotoProblem) in
            gate.wait()
            return PhotoHeader(width: 3, height: 2)
        }
        let deadline = Date().addingTimeInterval(30)
        let contents = try PhotoFolderContents.start(library, waitingUntil: deadline)
        #expect(Date() < deadline, "returned without waiting for the first screen")
        #expect(contents.headers.allSatisfy { $0 == nil }, "nothing read")
        #expect(contents.library != nil, "the rest arrives later")
        library.cancel()
        for _ in 0..<10 { gate.signal() }
    }

    /// A title is the file's name without its folders and extension, as `URL` gives it.
    @Test func titlesMatchURLsWithoutAStat() {
        for name in ["IMG_1.jpg", "2024/05/IMG_0001.JPG", "a.b.jpeg", "noextension", "2024/x"] {
            #expect(PhotoFolderContents.title(ofName: name) == URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent)
        }
    }
}
