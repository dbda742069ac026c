import CVips
import Foundation
import ParallaxKit
import SpawnIsolation
import Testing
@testable import PhotoPipeline

/// A temporary folder for one test, removed when the test's value goes away.
final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("photo-pipeline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
}

/// Sets a file's modification time (and access time) to `seconds` since 1970.
func setModified(_ path: String, _ seconds: Int) {
    var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
    #expect(utimes(path, &times) == 0)
}

struct VipsToolFailed: Error, CustomStringConvertible {
    var description: String
}

/// Makes test images with the `vips` command-line tool (Debian's libvips-tools) and, for
/// metadata the tool cannot set, with libvips through the CVips shim.
enum TestImages {
    /// Runs `vips ARGS...`, throwing with its stderr if it fails.
    static func vips(_ arguments: String...) throws {
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/env"), ["vips"] + arguments,
                                       environment: ProcessInfo.processInfo.environment.merging(["VIPS_WARNING": "0"]) { $1 })
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VipsToolFailed(description: "vips \(arguments.joined(separator: " ")): \(text)")
        }
    }

    /// A solid RGB image of `colour` written to `path` (format from the suffix).
    static func solid(_ path: String, width: Int, height: Int, _ colour: (Int, Int, Int)) throws {
        let black = path + ".black.v"
        defer { try? FileManager.default.removeItem(atPath: black) }
        try vips("black", black, "\(width)", "\(height)", "--bands", "3")
        try vips("linear", black, path, "1 1 1", "\(colour.0) \(colour.1) \(colour.2)", "--uchar")
    }

    /// Paints a rectangle into a .v image in place.
    static func rect(_ path: String, _ ink: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int) throws {
        try vips("draw_rect", path, ink, "\(x)", "\(y)", "\(w)", "\(h)", "--fill")
    }

    /// Copies `source` to `destination`, setting integer and string metadata fields first
    /// (e.g. "orientation", "exif-ifd2-DateTimeOriginal"); libvips' savers write them as EXIF.
    static func tagged(_ source: String, _ destination: String,
                       ints: [String: Int] = [:], strings: [String: String] = [:]) throws {
        #expect(Vips.start())
        guard let opened = cvips_open_header(source) else {
            throw VipsToolFailed(description: "open \(source): \(Vips.takeError())")
        }
        let original = VipsImageRef(opened)
        guard let copied = cvips_copy(original.pointer) else {
            throw VipsToolFailed(description: "copy: \(Vips.takeError())")
        }
        let copy = VipsImageRef(copied)
        for (name, value) in ints { vips_image_set_int(copy.pointer, name, Int32(value)) }
        for (name, value) in strings { vips_image_set_string(copy.pointer, name, value) }
        guard cvips_write_to_file(copy.pointer, destination) == 0 else {
            throw VipsToolFailed(description: "write \(destination): \(Vips.takeError())")
        }
    }

    /// Runs exiftool (Debian's libimage-exiftool-perl), which the tests use to embed a
    /// thumbnail as a camera would.
    static func exiftool(_ arguments: [String]) throws {
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/exiftool"), arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "exiftool \(arguments)")
    }

    /// A noisy, photo-like JPEG (Gaussian noise compresses like real detail).
    static func noiseJPEG(_ path: String, width: Int, height: Int) throws {
        let noise = path + ".noise.v"
        defer { try? FileManager.default.removeItem(atPath: noise) }
        try vips("gaussnoise", noise, "\(width)", "\(height)", "--mean", "128", "--sigma", "40")
        try vips("cast", noise, path, "uchar")
    }
}

/// Whether two colours are within `tolerance` on each of red, green and blue.
func close(_ a: Color?, _ b: (Int, Int, Int), tolerance: Int = 24) -> Bool {
    guard let a else { return false }
    return abs(Int(a.r) - b.0) <= tolerance && abs(Int(a.g) - b.1) <= tolerance
        && abs(Int(a.b) - b.2) <= tolerance
}
