import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// P's screenshots and R's videos are the frame without the window's own marks: the fps badge
/// (like the toasts and the REC badge) is drawn after they are taken. Each capture is checked
/// within itself: the window shows a folder of small flat PNGs, so the badge's corner (the
/// top-right 150×44 points, where it draws a dark box with light digits) and the top-left
/// corner, where the window draws no mark, lie on one flat cell whatever has arrived there: the
/// dark placeholder, a fade, or the photo. An earlier form compared two runs, with the badge
/// and without; on a loaded machine one run's photos arrived only after its capture, so the
/// runs differed everywhere although neither capture held the badge.
@Suite(.onThreadsOfTheirOwn) struct CapturesLeaveTheBadgeOutTests {
    static let width = 640, height = 400
    /// The badge's corner, and the one opposite it across the window's top edge.
    static let cornerWidth = 150, cornerHeight = 44

    /// Runs the window on six flat photos in a fresh home of its own, on `script`; returns
    /// the files it saved whose names end in `suffix` (searched through the whole home: P's
    /// and R's folders are the desktop's, under it).
    private func savedFiles(script: String, suffix: String, exitAfter: String) throws -> [String] {
        let home = try recordingFolder("badge")
        let photos = home + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for i in 0..<6 {
            try RGBAImage(width: 96, height: 64, color: Color(r: 200, g: UInt8(210 + i * 5), b: 235))
                .savePNG(path: photos + "/photo-\(i).png")
        }
        try runHeadlessWindow(home: home, run: home + "/run", script: script,
                              arguments: ["--disk-cache-mb", "0", "--size", "\(Self.width)x\(Self.height)",
                                          "--exit-after", exitAfter, "--photos", photos])
        let all = FileManager.default.enumerator(atPath: home)?.compactMap { $0 as? String } ?? []
        return all.filter { ($0 as NSString).lastPathComponent.hasPrefix("parallax-") && $0.hasSuffix(suffix) }.map { home + "/" + $0 }
    }

    /// The mean difference per channel between the badge's corner of `frame` and the opposite
    /// corner, and how many of their pixels differ at all.
    private func cornersDifference(_ frame: RGBAImage) -> (perChannel: Double, pixels: Int) {
        var total = 0, pixels = 0
        for y in 0..<Self.cornerHeight {
            for x in 0..<Self.cornerWidth {
                let badge = (y * frame.width + frame.width - Self.cornerWidth + x) * 4, opposite = (y * frame.width + x) * 4
                let difference = (0..<3).reduce(0) { $0 + abs(Int(frame.bytes[badge + $1]) - Int(frame.bytes[opposite + $1])) }
                total += difference
                if difference > 0 { pixels += 1 }
            }
        }
        return (Double(total) / Double(Self.cornerWidth * Self.cornerHeight * 3), pixels)
    }

    @Test(.timeLimit(.minutes(1)))
    func aScreenshotIsTheFrameWithoutTheBadge() throws {
        let shot = try #require(try savedFiles(script: "wait 1.5\nkey p\nwait 1\n", suffix: ".png", exitAfter: "3").first)
        let image = try RGBAImage.load(path: shot)
        try #require(image.width == Self.width && image.height == Self.height)
        let difference = cornersDifference(image)
        #expect(difference.pixels == 0,
                "\(difference.pixels) pixels of P's screenshot differ between the badge's corner and the opposite one")
    }

    /// Every frame of R's video is judged, so a badge drawn into any of them fails.
    @Test(.timeLimit(.minutes(2)), .needsFFmpeg)
    func aRecordingIsTheFramesWithoutTheBadge() throws {
        let video = try #require(try savedFiles(script: "wait 0.5\nkey r\nwait 0.8\nkey r\nwait 0.2\n", suffix: ".mp4",
                                                exitAfter: "4").first)
        let frames = try decodedFrames(of: video, size: PixelSize(width: Self.width, height: Self.height), bt709: true)
        try #require(frames.count > 20, "\(frames.count) frames for a 0.8 s recording")
        // Below 1 per channel: H.264 leaves the flat corners within a hundredth of each other.
        let differences = frames.map { cornersDifference($0).perChannel }
        let farthest = try #require(differences.indices.max { differences[$0] < differences[$1] })
        #expect(differences[farthest] < 1,
                "frame \(farthest) of R's video differs by \(differences[farthest]) per channel between the badge's corner and the opposite one")
    }
}
