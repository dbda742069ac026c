import Foundation
import Testing
@testable import PhotoPipeline

@Suite struct ImageFolderListingTests {
    @Test func imagesByNameWithoutHiddenFilesAndFoldersFlagged() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("image-folder-listing-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["b.PNG", "a.jpg", "._a.jpg", "notes.txt", "c.jpeg"] {
            try Data([1]).write(to: dir.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("album.png"), withIntermediateDirectories: true)
        let entries = try #require(ImageFolderListing.entries(in: dir.path))
        #expect(entries.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["a.jpg", "album.png", "b.PNG", "c.jpeg"])
        #expect(entries.map(\.isFolder) == [false, true, false, false])
        #expect(ImageFolderListing.entries(in: dir.appendingPathComponent("missing").path) == nil)
    }
}
