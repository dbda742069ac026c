import Foundation
import ParallaxKit
import SDLBackend
import SpawnIsolation
import Testing

/// HEIC photos as phones store them, made by Debian's `heif-enc` (libheif-examples) and shown
/// through libvips' HEIF loader: in their own shape, turned by the HEIF rotation, and a HEIC
/// that cannot be decoded kept in its place as a named "can't show" tile, as a bad JPEG is.
@Suite(.onThreadsOfTheirOwn, .needsHeifEnc) struct HEICTests {
    /// A folder of its own, removed when the test ends.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("heic-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
    }

    /// A 600 × 300 picture stored red on its left half and blue on its right, as a HEIC.
    static func redLeftBlueRightHEIC(in folder: Folder, named name: String, encoderArguments: [String] = []) throws -> String {
        var pixels: [UInt8] = []
        for _ in 0..<300 {
            for x in 0..<600 { pixels += x < 300 ? [230, 20, 20, 255] : [20, 20, 230, 255] }
        }
        let png = folder.file("source.png")
        try RGBAImage(width: 600, height: 300, bytes: pixels).savePNG(path: png)
        defer { try? FileManager.default.removeItem(atPath: png) }
        let heic = folder.file(name)
        let made = try Isolated.run(try program("heif-enc"), ["-q", "90"] + encoderArguments + [png, "-o", heic])
        try #require(made.status == 0, "heif-enc: \(made.stderr)")
        return heic
    }

    /// `name`'s path on PATH (the trait has checked it is there).
    static func program(_ name: String) throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let found = try #require(folders.first { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) })
        return URL(fileURLWithPath: found + "/" + name)
    }

    /// Item index → (width, height) of the first frame of `trace` on the folder.
    static func tracedShapes(of folder: Folder) throws -> [Int: (width: Double, height: Double)] {
        let trace = try run(["trace", "--photos", folder.path, "--scene", "photos", "--viewport", "600x3200", "--script", "keys"])
        try #require(trace.status == 0, "\(trace.stderr)")
        var shapes: [Int: (Double, Double)] = [:]
        for line in trace.stdout.split(separator: "\n").dropFirst().prefix(while: { $0.hasPrefix("0,") }) {
            let fields = line.split(separator: ",")
            shapes[Int(fields[5])!] = (Double(fields[8])!, Double(fields[9])!)
        }
        return shapes
    }

    /// A HEIC shows in its shape with its colours where they belong; one carrying the HEIF
    /// rotation (`irot`, the way phones store a turned photo) shows turned: stored 600 × 300 red
    /// | blue, turned a quarter clockwise it stands 300 × 600, red above blue.
    @Test func aHEICShowsInItsShapeAndTurnedByItsRotation() throws {
        let folder = try Folder()
        let plain = try Self.redLeftBlueRightHEIC(in: folder, named: "a-plain.heic")
        let stored = try Data(contentsOf: URL(fileURLWithPath: plain))
        // Three quarter turns anticlockwise: the quarter clockwise of EXIF orientation 6.
        try HEIFBoxes.rotated(stored, quarterTurns: 3).write(to: URL(fileURLWithPath: folder.file("b-turned.heic")))

        let shapes = try Self.tracedShapes(of: folder)
        let plainShape = try #require(shapes[0]), turnedShape = try #require(shapes[1])
        #expect(abs(plainShape.width / plainShape.height - 2) < 0.01, "stored 600 × 300 shows 2:1: \(plainShape)")
        #expect(abs(turnedShape.width / turnedShape.height - 0.5) < 0.01, "turned it shows 1:2: \(turnedShape)")

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("heic-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let shot = try run(["shot", "--photos", folder.path, "--scene", "photos", "--size", "600x2000", "--out", out])
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(!shot.stderr.contains("can't show"), "\(shot.stderr)")
        let image = try RGBAImage.load(path: out)
        // The photos scene stacks the cells at the frame's width, the first at the top.
        let plainHeight = Int(plainShape.height), turnedTop = Int(plainShape.height) + 20
        let left = image[150, plainHeight / 2], right = image[450, plainHeight / 2]
        #expect(left.r > 180 && left.b < 80, "the plain HEIC is red on the left: \(left)")
        #expect(right.b > 180 && right.r < 80, "and blue on the right: \(right)")
        let upper = image[300, turnedTop + Int(turnedShape.height * 0.25)]
        let lower = image[300, turnedTop + Int(turnedShape.height * 0.75)]
        #expect(upper.r > 180 && upper.b < 80, "the turned HEIC is red above: \(upper)")
        #expect(lower.b > 180 && lower.r < 80, "and blue below: \(lower)")
    }

    /// heif-enc copies a JPEG's EXIF block, orientation tag included, and stores the pixels
    /// unturned. A HEIF reader turns by `irot`/`imir` alone (libvips drops a HEIF's EXIF
    /// orientation), so such a file shows as stored: the same shape in the layout and on
    /// screen, never turned twice.
    @Test func anEXIFOrientationInsideAHEICDoesNotTurnIt() throws {
        let folder = try Folder()
        let plain = try Self.redLeftBlueRightHEIC(in: folder, named: "source.heic")
        let jpeg = folder.file("tagged.jpg")
        let toJPEG = try Isolated.run(try Self.program("heif-convert"), [plain, jpeg])
        try #require(toJPEG.status == 0, "heif-convert: \(toJPEG.stderr)")
        try FileManager.default.removeItem(atPath: plain)
        let exif = try Isolated.run(URL(fileURLWithPath: "/usr/bin/exiftool"), ["-q", "-overwrite_original", "-Orientation#=6", jpeg])
        try #require(exif.status == 0, "exiftool: \(exif.stderr)")
        let made = try Isolated.run(try Self.program("heif-enc"), ["-q", "90", jpeg, "-o", folder.file("tagged.heic")])
        try #require(made.status == 0, "heif-enc: \(made.stderr)")
        try FileManager.default.removeItem(atPath: jpeg)

        let shapes = try Self.tracedShapes(of: folder)
        let shape = try #require(shapes[0])
        #expect(shapes.count == 1 && abs(shape.width / shape.height - 2) < 0.01, "shown as stored, 2:1: \(shape)")
    }

    /// A HEIC cut short, text with a HEIC name and a HEIF header over garbage each keep their
    /// place as a "can't show" tile, named once on standard error with the reason, before a
    /// good HEIC that still shows.
    @Test func aHEICThatCannotBeDecodedIsANamedTile() throws {
        let folder = try Folder()
        let whole = try Self.redLeftBlueRightHEIC(in: folder, named: "whole.heic")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        // A folder whose photos all fail is an input error; this one keeps a good HEIC last.
        try FileManager.default.moveItem(atPath: whole, toPath: folder.file("d-whole.heic"))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: folder.file("a-cut.heic")))
        try Data("holiday notes, not a photo\n".utf8).write(to: URL(fileURLWithPath: folder.file("b-notes.heic")))
        // heif-enc's own ftyp box (brand heic), then bytes that are no HEIF boxes.
        let ftyp = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        try (bytes.prefix(ftyp) + Data(repeating: 0x5A, count: 4_000)).write(to: URL(fileURLWithPath: folder.file("c-garbage.heic")))

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("heic-bad-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let shot = try run(["shot", "--photos", folder.path, "--scene", "photos", "--size", "600x1400", "--out", out])
        #expect(shot.status == 0, "\(shot.stderr)")
        for name in ["a-cut.heic", "b-notes.heic", "c-garbage.heic"] {
            let line = "can't show \(folder.file(name)): "
            #expect(shot.stderr.components(separatedBy: line).count == 2, "\(name) is named once: \(shot.stderr)")
        }
        #expect(shot.stderr.contains("can't show \(folder.file("a-cut.heic")): truncated"), "\(shot.stderr)")
        #expect(shot.stderr.contains("can't show \(folder.file("b-notes.heic")): not an image"), "\(shot.stderr)")
        #expect(shot.stderr.contains("can't show \(folder.file("c-garbage.heic")): corrupt"), "\(shot.stderr)")
        #expect(!shot.stderr.contains("d-whole.heic"), "\(shot.stderr)")
        // The three tiles are drawn, in the colour of every "can't show" tile.
        let image = try RGBAImage.load(path: out)
        var tilePixels = 0
        for i in stride(from: 0, to: image.bytes.count, by: 4)
        where image.bytes[i] == 58 && image.bytes[i + 1] == 40 && image.bytes[i + 2] == 44 { tilePixels += 1 }
        #expect(tilePixels > image.width * image.height / 4, "the can't-show tiles cover much of the frame (\(tilePixels) pixels)")
        let shapes = try Self.tracedShapes(of: folder)
        #expect(shapes.keys.sorted() == [0, 1, 2, 3], "each bad file keeps its place: \(shapes.keys.sorted())")
    }
}
