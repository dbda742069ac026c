import FileOutput
import Foundation
import Synchronization
import Testing
@testable import PhotoPipeline

/// The index of headers kept between launches, and the scanner that reads a folder's headers
/// off the main thread.
@Suite struct PhotoIndexTests {
    private func facts(_ bytes: Int, _ modified: Double) -> FileFacts {
        FileFacts(byteCount: bytes, modified: modified, leadingBytes: [])
    }

    private let header = PhotoHeader(width: 4000, height: 3000, orientation: 6, format: .jpeg, hasColourProfile: true,
                                     dateTaken: Date(timeIntervalSince1970: 1_700_000_000))

    @Test func aSavedIndexAnswersForUnchangedFilesOnly() throws {
        let scratch = try Scratch()
        var index = PhotoIndex()
        index.store(.success(header), for: "/photos/a.jpg", facts: facts(1234, 99.5))
        index.store(.failure(.notAnImage), for: "/photos/bad.jpg", facts: facts(10, 1))
        index.store(.success(header), for: "/photos/tab\there.jpg", facts: facts(1, 1))
        let file = scratch.file("cache/photo-index")
        try index.save(to: file)
        var loaded = PhotoIndex.load(from: file)
        #expect(loaded.count == 1, "failures and unstorable paths are not kept")
        let hit = loaded.record(for: "/photos/a.jpg", facts: facts(1234, 99.5))
        #expect(try hit?.get() == header)
        #expect(loaded.record(for: "/photos/a.jpg", facts: facts(1235, 99.5)) == nil, "another size")
        #expect(loaded.record(for: "/photos/a.jpg", facts: facts(1234, 100)) == nil, "another time")
        #expect(loaded.record(for: "/photos/b.jpg", facts: facts(1234, 99.5)) == nil)
    }

    @Test func damagedLinesAreSkippedAndAForeignFileIsEmpty() throws {
        let scratch = try Scratch()
        let file = scratch.file("photo-index")
        let good = "/p/good.jpg\t10\t5.0\t640\t480\t1\tjpeg\t0\t-"
        let lines = [
            PhotoIndex.versionLine, good,
            "/p/huge.jpg\t10\t5.0\t999999999\t480\t1\tjpeg\t0\t-",
            "/p/negative.jpg\t-10\t5.0\t640\t480\t1\tjpeg\t0\t-",
            "/p/orient.jpg\t10\t5.0\t640\t480\t9\tjpeg\t0\t-",
            "/p/format.jpg\t10\t5.0\t640\t480\t1\tbmp\t0\t-",
            "/p/date.jpg\t10\t5.0\t640\t480\t1\tjpeg\t0\tnan",
            "relative.jpg\t10\t5.0\t640\t480\t1\tjpeg\t0\t-",
            "/p/short.jpg\t10\t5.0",
            "/p/cut.jpg\t10\t5.0\t640\t48",
        ]
        try lines.joined(separator: "\n").write(toFile: file, atomically: false, encoding: .utf8)
        let index = PhotoIndex.load(from: file)
        #expect(index.count == 1, "only the good line is read")
        try ("parallax-playground photo index 0\n" + good).write(toFile: file, atomically: false, encoding: .utf8)
        #expect(PhotoIndex.load(from: file).count == 0, "another version")
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: file))
        #expect(PhotoIndex.load(from: file).count == 0, "random bytes")
        #expect(PhotoIndex.load(from: scratch.file("missing")).count == 0)
    }

    /// Times are compared for equality with a file's, so they must come back to the last bit;
    /// and a path that is not UTF-8, or a number the byte reader does not take, skips only its line.
    @Test func timesComeBackExactlyAndOddLinesCostOnlyThemselves() throws {
        let scratch = try Scratch()
        let file = scratch.file("photo-index")
        var index = PhotoIndex()
        let times = [1_732_693_221.123456789, 0.1 + 0.2, 1e-7, -86_400.5, 4.9e-324, 1.7976931348623157e308]
        for (n, time) in times.enumerated() {
            let dated = PhotoHeader(width: 3, height: 2, orientation: 1, format: .heif, hasColourProfile: false,
                                    dateTaken: Date(timeIntervalSince1970: -time.truncatingRemainder(dividingBy: 1e10)))
            index.store(.success(dated), for: "/p/\(n) é.heic", facts: facts(n + 1, time))
        }
        try index.save(to: file)
        var loaded = PhotoIndex.load(from: file)
        #expect(loaded.count == times.count)
        for (n, time) in times.enumerated() {
            #expect(loaded.record(for: "/p/\(n) é.heic", facts: facts(n + 1, time)) != nil, "time \(time)")
            #expect(loaded.uncheckedHeader(for: "/p/\(n) é.heic")?.dateTaken
                    == Date(timeIntervalSince1970: -time.truncatingRemainder(dividingBy: 1e10)))
        }
        var text = try Data(contentsOf: URL(fileURLWithPath: file))
        text += Data([0x2F, 0xFF, 0xFE] + Array("\t10\t5.0\t640\t480\t1\tjpeg\t0\t-\n".utf8))
        for odd in ["/p/hex.jpg\t10\t0x10\t640\t480\t1\tjpeg\t0\t-", "/p/inf.jpg\t10\tinf\t640\t480\t1\tjpeg\t0\t-",
                    "/p/space.jpg\t10\t 5\t640\t480\t1\tjpeg\t0\t-", "/p/ten.jpg\t10\t5\t640\t480\t1\tjpeg\t0\t-\tmore",
                    "/p/digits.jpg\t1234567890123456789\t5\t640\t480\t1\tjpeg\t0\t-", "/p/colour.jpg\t10\t5\t640\t480\t1\tjpeg\t01\t-"] {
            text += Data((odd + "\n").utf8)
        }
        text += Data("/p/last.jpg\t10\t5\t640\t480\t1\tjpeg\t0\t-".utf8)
        try text.write(to: URL(fileURLWithPath: file))
        let reread = PhotoIndex.load(from: file)
        #expect(reread.count == times.count + 1, "every odd line skipped, the unterminated last one read")
        #expect(reread.uncheckedHeader(for: "/p/last.jpg")?.width == 640)
    }

    @Test func savingMergesWithTheIndexOnDiskAndACrashMidWriteLeavesItReadable() throws {
        let scratch = try Scratch()
        let file = scratch.file("photo-index")
        var first = PhotoIndex()
        first.store(.success(header), for: "/one/a.jpg", facts: facts(1, 1))
        try first.save(to: file)
        var second = PhotoIndex()
        second.store(.success(header), for: "/two/b.jpg", facts: facts(2, 2))
        try second.save(to: file)
        var merged = PhotoIndex.load(from: file)
        #expect(merged.count == 2, "another window's folder is kept")

        // A writer that dies before its rename leaves the old index in place.
        let dying = try OutputFile(path: file)
        try dying.write(Data("parallax-playground photo index 1\n/half".utf8))
        #expect(PhotoIndex.load(from: file).count == 2)
        dying.discard()
        #expect(merged.record(for: "/one/a.jpg", facts: facts(1, 1)) != nil)
    }

    @Test func theFileFollowsXDG() {
        #expect(PhotoIndex.defaultFile(environment: ["XDG_CACHE_HOME": "/c"]) == "/c/parallax-playground/photo-index")
        #expect(PhotoIndex.defaultFile(environment: ["HOME": "/h"]) == "/h/.cache/parallax-playground/photo-index")
    }

    @Test func theScannerDeliversInFolderOrderAndAsksTheIndexFirst() throws {
        let scratch = try Scratch()
        for name in ["a", "b", "c", "d"] { try TestImages.solid(scratch.file("\(name).jpg"), width: 30, height: 20, (1, 2, 3)) }
        FileManager.default.createFile(atPath: scratch.file("e.jpg"), contents: Data("text".utf8))
        let folder = try PhotoFolder.scan(scratch.path)
        let reads = Mutex<[String]>([])
        let slow: HeaderScanner.Read = { path throws(PhotoProblem) in
            reads.withLock { $0.append((path as NSString).lastPathComponent) }
            if path.hasSuffix("a.jpg") { usleep(100_000) }  // the first file is the slowest
            return try PhotoHeader.read(path: path)
        }
        let scanner = HeaderScanner(entries: folder.entries, read: slow)
        #expect(scanner.waitUntilReady(count: 2, timeout: 10) >= 2)
        var got: [HeaderScanner.Scanned] = []
        let deadline = Date().addingTimeInterval(10)
        while got.count < 5 && Date() < deadline {
            got += scanner.takeReady()
            usleep(1_000)
        }
        #expect(got.map(\.name) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        #expect(got.prefix(4).allSatisfy { (try? $0.header.get())?.width == 30 })
        #expect(throws: PhotoProblem.notAnImage) { try got[4].header.get() }
        #expect(scanner.isFinished && scanner.filesRead == 5)

        // A second scan with the first one's index reads no file at all.
        reads.withLock { $0.removeAll() }
        let again = HeaderScanner(entries: folder.entries, index: scanner.updatedIndex(), read: slow)
        #expect(again.waitUntilReady(count: 5, timeout: 10) == 5)
        #expect(reads.withLock { $0 } == ["e.jpg"], "only the file that failed is read again")
        #expect(again.takeReady().map(\.name) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
    }
}
