import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// P's screenshots and R's videos are the frame without the window's own marks: the fps badge
/// (like the toasts and the REC badge) is drawn after they are taken. Each capture is judged
/// within itself, on flat photos (`writeFlatPhotos`). An earlier form compared two runs, with
/// the badge and without; on a loaded machine one run's photos arrived only after its capture,
/// so the runs differed everywhere although neither capture held the badge.
@Suite(.onThreadsOfTheirOwn) struct CapturesLeaveTheBadgeOutTests {
    static let width = 640, height = 400
    /// The badge's corner in R's video, judged against the one opposite it (H.264 leaves no
    /// row exactly one colour).
    static let cornerWidth = 150, cornerHeight = 44

    /// Runs the window on six flat photos in a fresh home of its own, on `script`; returns
    /// the home (the caller removes it) and the files the window saved whose names end in
    /// `suffix` (`capturesSaved`).
    private func savedFiles(script: String, suffix: String, exitAfter: String) throws -> (home: String, files: [String]) {
        let home = try recordingFolder("badge")
        try writeFlatPhotos(into: home + "/photos")
        try runHeadlessWindow(home: home, run: home + "/run", script: script,
                              arguments: ["--disk-cache-mb", "0", "--size", "\(Self.width)x\(Self.height)",
                                          "--exit-after", exitAfter, "--photos", home + "/photos"])
        return (home, capturesSaved(under: home, suffix: suffix))
    }

    /// The mean difference per channel between the badge's corner of `frame` (the top-right
    /// 150×44 points, where it draws a dark box with light digits) and the top-left corner
    /// across the same rows, where the window draws no mark.
    private func cornersDifference(_ frame: RGBAImage) -> Double {
        var total = 0
        for y in 0..<Self.cornerHeight {
            for x in 0..<Self.cornerWidth {
                let badge = (y * frame.width + frame.width - Self.cornerWidth + x) * 4, opposite = (y * frame.width + x) * 4
                total += (0..<3).reduce(0) { $0 + abs(Int(frame.bytes[badge + $1]) - Int(frame.bytes[opposite + $1])) }
            }
        }
        return Double(total) / Double(Self.cornerWidth * Self.cornerHeight * 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func aScreenshotIsTheFrameWithoutTheBadge() throws {
        let (home, shots) = try savedFiles(script: "wait 1.5\nkey p\nwait 1\n", suffix: ".png", exitAfter: "3")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let image = try RGBAImage.load(path: try #require(shots.first))
        try #require(image.width == Self.width && image.height == Self.height)
        let marked = rowsOfMoreThanOneColour(in: image)
        #expect(marked == 0, "\(marked) rows of P's screenshot are more than one colour")
    }

    /// Every frame of R's video is judged, so a badge drawn into any of them fails.
    @Test(.timeLimit(.minutes(2)), .needsFFmpeg)
    func aRecordingIsTheFramesWithoutTheBadge() throws {
        let (home, videos) = try savedFiles(script: "wait 0.5\nkey r\nwait 0.8\nkey r\nwait 0.2\n", suffix: ".mp4", exitAfter: "4")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let video = try #require(videos.first)
        let frames = try decodedFrames(of: video, size: PixelSize(width: Self.width, height: Self.height), bt709: true)
        try #require(frames.count > 20, "\(frames.count) frames for a 0.8 s recording")
        // Below 1 per channel: H.264 leaves the flat corners within a hundredth of each other.
        let differences = frames.map(cornersDifference)
        let farthest = try #require(differences.indices.max { differences[$0] < differences[$1] })
        #expect(differences[farthest] < 1,
                "frame \(farthest) of R's video differs by \(differences[farthest]) per channel between the badge's corner and the opposite one")
    }
}
