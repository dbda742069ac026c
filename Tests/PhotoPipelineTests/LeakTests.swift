import Foundation
import SpawnIsolation
import Testing

/// Decoding the same file 2,000 times must not grow the resident set. Run in a child process
/// (`photo-decode-bench --leak`) so that other tests, running in parallel in this one, cannot
/// move its memory.
@Suite struct LeakTests {
    /// The bench binary SwiftPM builds next to this test bundle.
    static func bench() throws -> String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let path = folder.appendingPathComponent("photo-decode-bench").path
        try #require(FileManager.default.isExecutableFile(atPath: path),
                     "no photo-decode-bench at \(path): run `swift build` first (make test does)")
        return path
    }

    /// RSS in MB after each checkpoint, and the failures counted at the end.
    static func run(_ file: String, times: Int) throws -> (rss: [Int: Double], failed: Int) {
        let process = Isolated.process(URL(fileURLWithPath: try bench()), ["--leak", file, "--times", "\(times)", "--size", "100x100", "--fit", "cover"])
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        var rss: [Int: Double] = [:], failed = 0
        // Lines read "after   2000 decodes: RSS 56.3 MB, 0 failed".
        for line in text.split(separator: "\n") where line.hasPrefix("after") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," })
            guard words.count >= 7, let count = Int(words[1]), let mb = Double(words[4]),
                  let failures = Int(words[6]) else { continue }
            rss[count] = mb
            failed = failures
        }
        return (rss, failed)
    }

    @Test(arguments: ["good", "truncated"])
    func repeatedDecodesDoNotGrowMemory(kind: String) throws {
        let scratch = try Scratch()
        let path = scratch.file("photo.jpg")
        // Small, so 2,000 decodes take seconds; the pixels still differ from a plain fill.
        try TestImages.noiseJPEG(path, width: 200, height: 150)
        if kind == "truncated" {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let result = try Self.run(path, times: 2_000)
        #expect(result.failed == (kind == "good" ? 0 : 2_000))
        let warm = try #require(result.rss[500]), end = try #require(result.rss[2_000])
        // A leak of even the 53 KB of pixels per decode (133 × 100 RGBA) would add 80 MB over 1,500 decodes;
        // allocator noise stays well under 4 MB.
        #expect(end - warm < 4, "RSS went from \(warm) MB to \(end) MB")
    }
}
