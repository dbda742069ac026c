import Foundation
import Testing
@testable import PhotoPipeline

#if canImport(Glibc)
import Glibc
#endif

@Suite struct PhotoFolderTests {
    /// A folder with photos named out of natural order, a hidden photo, a text file, a
    /// directory named like a photo, a subfolder with a photo, and a link back to the folder
    /// (a loop a recursive scan must not follow forever).
    func messyFolder() throws -> Scratch {
        let scratch = try Scratch()
        let fm = FileManager.default
        let base = scratch.file("base.png")
        try TestImages.solid(base, width: 8, height: 8, (10, 10, 10))
        for name in ["IMG_10.jpg", "IMG_2.jpg", "img_1.JPG", ".hidden.jpg", "IMG_3.webp"] {
            try TestImages.vips("copy", base, scratch.file(name))
        }
        try fm.removeItem(atPath: base)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: scratch.file("notes.txt")))
        try fm.createDirectory(atPath: scratch.file("album.jpg"), withIntermediateDirectories: false)
        try fm.createDirectory(atPath: scratch.file("sub"), withIntermediateDirectories: false)
        try TestImages.solid(scratch.file("sub/IMG_1.png"), width: 8, height: 8, (1, 1, 1))
        try fm.createSymbolicLink(atPath: scratch.file("sub/back"), withDestinationPath: scratch.path)
        try fm.createSymbolicLink(atPath: scratch.file("loop.jpg"), withDestinationPath: scratch.file("loop.jpg"))
        return scratch
    }

    /// Hidden files and names without an image extension are skipped; names with one stay,
    /// whatever they are, so the folder named `album.jpg` and the looping link `loop.jpg`
    /// keep their places as "can't show" tiles.
    @Test func byNameInNaturalOrderSkippingHiddenAndOthers() throws {
        let scratch = try messyFolder()
        let folder = try PhotoFolder.scan(scratch.path)
        #expect(folder.entries.map(\.name) == ["album.jpg", "img_1.JPG", "IMG_2.jpg", "IMG_3.webp", "IMG_10.jpg", "loop.jpg"])
    }

    @Test(arguments: [false, true])
    func recursiveFollowsSubfoldersOnce(recursive: Bool) throws {
        let scratch = try messyFolder()
        let folder = try PhotoFolder.scan(scratch.path, recursive: recursive)
        // Recursive: `album.jpg` is a folder to look in (it is empty), not a tile.
        let expected = (recursive ? [] : ["album.jpg"]) + ["img_1.JPG", "IMG_2.jpg", "IMG_3.webp", "IMG_10.jpg", "loop.jpg"]
            + (recursive ? ["sub/IMG_1.png"] : [])
        #expect(folder.entries.map(\.name) == expected)
    }

    /// Special files named like photos are listed (to become tiles) without being opened: the
    /// scan returns although nobody writes to the FIFO, and the header read names each.
    @Test func specialFilesNamedLikePhotosAreListedAndNamed() throws {
        let scratch = try Scratch()
        try TestImages.solid(scratch.file("good.png"), width: 8, height: 8, (10, 10, 10))
        #expect(mkfifo(scratch.file("pipe.jpg"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("zero.jpg"), withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: scratch.file("self.jpg"), withDestinationPath: scratch.file("self.jpg"))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("gone.jpg"), withDestinationPath: scratch.file("nothing/here.jpg"))
        let folder = try PhotoFolder.scan(scratch.path)
        #expect(folder.entries.map(\.name) == ["gone.jpg", "good.png", "pipe.jpg", "self.jpg", "zero.jpg"])
        let reasons = folder.entries.map { entry -> String in
            do throws(PhotoProblem) { _ = try PhotoHeader.read(path: entry.path); return "ok" } catch { return error.reason }
        }
        #expect(reasons == ["symbolic link to a missing file", "ok", "a FIFO (named pipe), not a photo file",
                            "symbolic link loop", "a character device, not a photo file"])
    }

    @Test func byDateTakenThenModificationTime() throws {
        let scratch = try Scratch()
        let base = scratch.file("base.v")
        try TestImages.solid(base, width: 8, height: 8, (50, 60, 70))
        let exif = "exif-ifd2-DateTimeOriginal"
        // Names in the opposite order to the dates, so name order cannot pass by accident.
        try TestImages.tagged(base, scratch.file("a.jpg"), strings: [exif: "2021:06:01 12:00:00"])
        try TestImages.tagged(base, scratch.file("b.jpg"), strings: [exif: "2019:01:01 08:30:00"])
        try TestImages.tagged(base, scratch.file("c.jpg"))  // no EXIF date: its mtime counts
        try TestImages.tagged(base, scratch.file("d.jpg"), strings: [exif: "0000:00:00 00:00:00"])
        try FileManager.default.removeItem(atPath: base)
        let year2020 = Date(timeIntervalSince1970: 1_590_000_000)  // May 2020
        let year2015 = Date(timeIntervalSince1970: 1_430_000_000)  // April 2015
        try FileManager.default.setAttributes([.modificationDate: year2020], ofItemAtPath: scratch.file("c.jpg"))
        try FileManager.default.setAttributes([.modificationDate: year2015], ofItemAtPath: scratch.file("d.jpg"))
        let folder = try PhotoFolder.scan(scratch.path, order: .dateTaken)
        #expect(folder.entries.map(\.name) == ["d.jpg", "b.jpg", "c.jpg", "a.jpg"])
        let header = try PhotoHeader.read(path: scratch.file("b.jpg"))
        #expect(header.dateTaken != nil)
    }

    @Test func emptyFolderIsAnError() throws {
        let scratch = try Scratch()
        #expect(throws: PhotoFolderError.noPhotos(scratch.path, skipped: 0)) {
            try PhotoFolder.scan(scratch.path)
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.file("readme.txt")))
        try Data().write(to: URL(fileURLWithPath: scratch.file(".hidden.jpg")))
        let error = #expect(throws: PhotoFolderError.self) { try PhotoFolder.scan(scratch.path) }
        #expect(error == .noPhotos(scratch.path, skipped: 1))
        #expect(error?.description.contains("no photos") == true)
        #expect(throws: PhotoFolderError.notAFolder(scratch.file("readme.txt"))) {
            try PhotoFolder.scan(scratch.file("readme.txt"))
        }
    }

    @Test(arguments: [
        (["IMG_10", "IMG_2", "IMG_1"], ["IMG_1", "IMG_2", "IMG_10"]),
        (["b", "A", "a"], ["A", "a", "b"]),
        (["x007", "x7", "x06"], ["x06", "x007", "x7"]),
        (["p99999999999999999999999", "p100000000000000000000000"],
         ["p99999999999999999999999", "p100000000000000000000000"]),
    ])
    func naturalOrder(names: [String], expected: [String]) {
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
    }

    @Test func exifDatesParse() throws {
        let date = try #require(ExifDate.parse("2021:07:04 18:30:05 (2021:07:04 18:30:05, ASCII, 20 components, 20 bytes)",
                                               offset: "+02:00"))
        #expect(date.timeIntervalSince1970 == 1_625_416_205)  // 2021-07-04 16:30:05 UTC
        #expect(ExifDate.parse("0000:00:00 00:00:00") == nil)
        #expect(ExifDate.parse("garbage") == nil)
        #expect(ExifDate.parse(nil) == nil)
    }
}
