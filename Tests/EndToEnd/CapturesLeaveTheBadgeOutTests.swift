import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// P's screenshots and R's videos are the frame without the window's own marks: the fps badge
/// (like the toasts and the REC badge) is drawn after they are taken. Each is checked by
/// pixels against the same run with the badge hidden (F twice).
@Suite(.onThreadsOfTheirOwn) struct CapturesLeaveTheBadgeOutTests {
    /// Runs the window in a fresh home of its own on `script`; returns the files it saved
    /// whose names end in `suffix` (searched through the whole home: P's and R's folders are
    /// the desktop's, under it).
    private func savedFiles(script: String, suffix: String, exitAfter: String, arguments: [String] = []) throws -> [String] {
        let home = try recordingFolder("badge")
        try runHeadlessWindow(home: home, run: home + "/run", script: script,
                              arguments: ["--disk-cache-mb", "0", "--size", "640x400", "--exit-after", exitAfter] + arguments)
        let all = FileManager.default.enumerator(atPath: home)?.compactMap { $0 as? String } ?? []
        return all.filter { ($0 as NSString).lastPathComponent.hasPrefix("parallax-") && $0.hasSuffix(suffix) }.map { home + "/" + $0 }
    }

    @Test(.timeLimit(.minutes(1)))
    func aScreenshotIsTheFrameWithoutTheBadge() throws {
        let withBadge = try #require(try savedFiles(script: "wait 1.5\nkey p\nwait 1\n", suffix: ".png", exitAfter: "3").first)
        let hidden = try #require(try savedFiles(script: "key f\nkey f\nwait 1.5\nkey p\nwait 1\n", suffix: ".png", exitAfter: "3").first)
        let a = try RGBAImage.load(path: withBadge), b = try RGBAImage.load(path: hidden)
        #expect(a.width == b.width && a.height == b.height)
        let differing = stride(from: 0, to: a.bytes.count, by: 4).count { a.bytes[$0..<($0 + 4)] != b.bytes[$0..<($0 + 4)] }
        #expect(differing == 0, "\(differing) pixels differ between P with the badge showing and with it hidden")
    }

    /// R's video of the window with the badge against the same run with it hidden: some frame
    /// of the one equals the same frame of the other in the badge's corner. Every frame of
    /// both is compared and the closest pair judged: a badge drawn into the video would be in
    /// all of its frames, while the photo under the corner arrives when its decode is done,
    /// which on a loaded machine can differ between the runs by more than a frame. The photos
    /// are a folder of small light PNGs, decoded in well under a frame: the bundled photos'
    /// decodes, on a machine loaded enough that the test took 320 s, had not reached the
    /// corner in one of the runs by the recording's end (7.1 per channel apart at best).
    @Test(.timeLimit(.minutes(2)), .needsFFmpeg)
    func aRecordingIsTheFramesWithoutTheBadge() throws {
        let photos = try recordingFolder("badge-photos")
        defer { try? FileManager.default.removeItem(atPath: photos) }
        for i in 0..<6 {
            try RGBAImage(width: 96, height: 64, color: Color(r: 200, g: UInt8(210 + i * 5), b: 235))
                .savePNG(path: photos + "/photo-\(i).png")
        }
        let script = "key r\nwait 0.8\nkey r\nwait 0.2\n"
        let withBadge = try #require(try savedFiles(script: "wait 0.5\n" + script, suffix: ".mp4", exitAfter: "4",
                                                    arguments: ["--photos", photos]).first)
        let hidden = try #require(try savedFiles(script: "key f\nkey f\nwait 0.5\n" + script, suffix: ".mp4", exitAfter: "4",
                                                 arguments: ["--photos", photos]).first)
        let size = PixelSize(width: 640, height: 400)
        let a = try decodedFrames(of: withBadge, size: size, bt709: true)
        let b = try decodedFrames(of: hidden, size: size, bt709: true)
        try #require(min(a.count, b.count) > 20, "\(a.count) and \(b.count) frames for 0.8 s recordings")
        // The badge's corner: the top-right 150×44 points, where it draws a dark box on the light photo.
        func cornerDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
            var total = 0, count = 0
            for y in 0..<44 {
                for x in (640 - 150)..<640 {
                    let i = (y * 640 + x) * 4
                    for c in 0..<3 { total += abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c])) }
                    count += 3
                }
            }
            return Double(total) / Double(count)
        }
        let differences = zip(a, b).map(cornerDifference)
        let closest = try #require(differences.indices.min { differences[$0] < differences[$1] })
        #expect(differences[closest] < 3,
                "the badge's corner differs by \(differences[closest]) per channel or more in every frame between R with the badge and without (frame \(closest) the closest)")
    }
}
