import Foundation
import ParallaxKit
import SDLBackend
import SpawnIsolation
import Testing

/// A fresh, empty folder for one test's recordings.
func recordingFolder(_ name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-record-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// Everything in `folder`, hidden files included: what a recording left behind.
func contents(of folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// A program on PATH (ffmpeg, ffprobe), or nil.
func programOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
}

/// Runs `program` and returns its standard output; fails the test on a non-zero exit.
func output(of program: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
    let process = Isolated.process(URL(fileURLWithPath: program), arguments)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(program) \(arguments.joined(separator: " ")) failed", sourceLocation: sourceLocation)
    return data
}

/// The frames of a video (every one, or those numbered `only`, in order) decoded by ffmpeg to
/// raw RGBA through a pipe. H.264 files are tagged BT.709, which ffmpeg 5.1's RGB conversion
/// ignores unless told (`in_color_matrix`).
func decodedFrames(of video: String, size: PixelSize, bt709: Bool = false, only: [Int]? = nil) throws -> [RGBAImage] {
    let ffmpeg = try #require(programOnPath("ffmpeg"), "ffmpeg is missing: make test installs it")
    var filters: [String] = []
    if let only { filters.append("select='" + only.map { "eq(n\\,\($0))" }.joined(separator: "+") + "'") }
    if bt709 { filters.append("scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int") }
    var arguments = ["-v", "error", "-i", video]
    if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ","), "-vsync", "0"] }
    arguments += ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let bytes = [UInt8](try output(of: ffmpeg, arguments))
    let frameBytes = size.width * size.height * 4
    return stride(from: 0, to: bytes.count - frameBytes + 1, by: frameBytes).map {
        RGBAImage(width: size.width, height: size.height, bytes: Array(bytes[$0..<($0 + frameBytes)]))
    }
}

/// The frames of an animated WebP shown at each of `milliseconds`, through libwebp's
/// animation decoder as Pillow wraps it (ffmpeg 5.1 cannot decode animated WebP). Identical
/// consecutive frames are merged by the encoder, so frames are found by time, not by index.
func webPFrames(of path: String, atMilliseconds milliseconds: [Int], size: PixelSize) throws -> [RGBAImage] {
    let script = """
        import sys
        from PIL import Image
        image = Image.open(sys.argv[1])
        for wanted in map(int, sys.argv[2:]):
            for index in range(image.n_frames):
                image.seek(index)
                image.load()
                start, duration = image.info["timestamp"], image.info["duration"]
                if start <= wanted < start + duration:
                    sys.stdout.buffer.write(image.convert("RGBA").tobytes())
                    break
            else:
                sys.exit("no frame at %d ms" % wanted)
        """
    // Debian's interpreter, which has python3-pil (make test installs it).
    let bytes = [UInt8](try output(of: "/usr/bin/python3", ["-c", script, path] + milliseconds.map(String.init)))
    let frameBytes = size.width * size.height * 4
    try #require(bytes.count == frameBytes * milliseconds.count, "the WebP decoder returned \(bytes.count) bytes")
    return milliseconds.indices.map { RGBAImage(width: size.width, height: size.height, bytes: Array(bytes[($0 * frameBytes)..<(($0 + 1) * frameBytes)])) }
}

/// Peak signal-to-noise ratio in dB between two frames over R, G and B, or over BT.709 luma
/// (the usual measure of a video codec's fidelity: 4:2:0 halves colour resolution, which caps
/// the RGB figure near 41 dB even for a lossless H.264 of these scenes).
func psnr(_ a: RGBAImage, _ b: RGBAImage, lumaOnly: Bool = false) -> Double {
    precondition(a.size == b.size)
    var squared = 0.0, count = 0
    // Through buffers and `while`: the tests' build is unoptimized, where a range's or a
    // stride's iterator is a generic call per pixel, and some tests compare every frame.
    a.bytes.withUnsafeBufferPointer { a in
        b.bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i + 3 < a.count {
                if lumaOnly {
                    let ya = 0.2126 * Double(a[i]) + 0.7152 * Double(a[i + 1]) + 0.0722 * Double(a[i + 2])
                    let yb = 0.2126 * Double(b[i]) + 0.7152 * Double(b[i + 1]) + 0.0722 * Double(b[i + 2])
                    squared += (ya - yb) * (ya - yb)
                    count += 1
                } else {
                    var c = 0
                    while c < 3 {
                        let d = Double(a[i + c]) - Double(b[i + c])
                        squared += d * d
                        c += 1
                    }
                    count += 3
                }
                i += 4
            }
        }
    }
    guard squared > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (squared / Double(count)))
}

/// The rows `rows` of `image`.
func rows(_ rows: Range<Int>, of image: RGBAImage, columns: Range<Int>? = nil) -> [UInt8] {
    let columns = columns ?? 0..<image.width
    var bytes: [UInt8] = []
    for y in rows { bytes += image.bytes[((y * image.width + columns.lowerBound) * 4)..<((y * image.width + columns.upperBound) * 4)] }
    return bytes
}
