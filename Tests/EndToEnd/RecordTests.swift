import Foundation
import ParallaxKit
import RunHarness
import SDLBackend
import Testing

/// The frames of the built-in fling replayed at `fps` in the photos scene at `size`: the
/// count a recording must have, from the core alone.
private func flingFrameCount(size: Size, fps: Double = 60) -> Int {
    Replay(script: BuiltinScript.fling.script, framesPerSecond: fps).run(on: Playground(scene: .photos, viewportSize: size)) { _, _ in }
}

/// `shot --script fling --at k/fps` of the photos scene, loaded.
private func shot(frame k: Int, fps: Double = 60, size: String, folder: String, extra: [String] = []) throws -> RGBAImage {
    let out = folder + "/shot-\(k).png"
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try run(["shot", "--scene", "photos", "--script", "fling", "--size", size, "--fps", String(fps),
                          "--at", String(Double(k) / fps), "--out", out] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    return try RGBAImage.load(path: out)
}

@Suite(.onThreadsOfTheirOwn) struct RecordTests {
    @Test(.needsFFmpeg) func losslessWebPFramesEqualTheShotsPixelForPixel() throws {
        let folder = try recordingFolder("webp")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/fling.webp"
        let result = try run(["record", "--scene", "photos", "--script", "fling", "--size", "320x200", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("of \(flingFrameCount(size: Size(width: 320, height: 200)))"), "progress names the total: \(result.stderr)")
        let frames = [0, 12, 40, 90]
        // The middle of frame k's interval: WebP keeps whole milliseconds.
        let decoded = try webPFrames(of: out, atMilliseconds: frames.map { Int((Double($0) + 0.5) * 1000 / 60) }, size: PixelSize(width: 320, height: 200))
        for (k, frame) in zip(frames, decoded) {
            let expected = try shot(frame: k, size: "320x200", folder: folder)
            #expect(frame == expected, "frame \(k) differs from shot --at \(k)/60")
        }
        // And the comparison can fail: the list moves between these frames.
        #expect(decoded[1] != decoded[2])
        #expect(contents(of: folder) == ["fling.webp"])
    }

    @Test(.needsFFmpeg) func mp4HasTheReplaysFramesAndDurationAndStaysAbove40dB() throws {
        let ffprobe = try #require(programOnPath("ffprobe"), "ffprobe is missing: make test installs ffmpeg")
        let folder = try recordingFolder("mp4")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/fling.mp4"
        // 640x400 with the default quality (crf 18).
        let result = try run(["record", "--scene", "photos", "--script", "fling", "--size", "640x400", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let expectedFrames = flingFrameCount(size: Size(width: 640, height: 400))
        let probe = String(decoding: try output(of: ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames,duration,codec_name,pix_fmt", "-of", "default=nw=1", out]), as: UTF8.self)
        let fields = Dictionary(uniqueKeysWithValues: probe.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        })
        #expect(fields["codec_name"] == "h264")
        #expect(fields["pix_fmt"] == "yuv420p")
        #expect(fields["nb_read_frames"] == String(expectedFrames), "\(probe)")
        let duration = try #require(fields["duration"].flatMap(Double.init), "\(probe)")
        #expect(abs(duration - Double(expectedFrames) / 60) < 0.5 / 60, "duration \(duration) s for \(expectedFrames) frames")

        let sampled = [0, 10, 25, 60, 150, expectedFrames - 1]
        let decoded = try decodedFrames(of: out, size: PixelSize(width: 640, height: 400), bt709: true, only: sampled)
        try #require(decoded.count == sampled.count)
        var rgbTotal = 0.0
        var shots: [Int: RGBAImage] = [:]
        for (k, frame) in zip(sampled, decoded) {
            let expected = try shot(frame: k, size: "640x400", folder: folder)
            shots[k] = expected
            let luma = psnr(frame, expected, lumaOnly: true), rgb = psnr(frame, expected)
            #expect(luma >= 40, "frame \(k): luma PSNR \(luma) dB")
            #expect(rgb >= 35, "frame \(k): RGB PSNR \(rgb) dB")
            rgbTotal += min(rgb, 60)
        }
        #expect(rgbTotal / Double(sampled.count) >= 40, "mean RGB PSNR \(rgbTotal / Double(sampled.count)) dB")
        // The measure can fail: frame 10 against frame 25's shot, a quarter second apart, is far off.
        if let later = shots[25] { #expect(psnr(decoded[1], later, lumaOnly: true) < 30) }
    }

    /// Five seconds of the bench script (drag, fling, wheel: the list moves throughout), at
    /// the size a GIF gets without --size: 640x400, not the window's 1280x800.
    @Test(.needsFFmpeg) func gifHasItsOwnPaletteLoopsAndStaysSmall() throws {
        let folder = try recordingFolder("gif")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/fling.gif"
        let result = try run(["record", "--scene", "photos", "--script", "bench", "--duration", "5", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.prefix(6) == Data("GIF89a".utf8))
        #expect(data.range(of: Data("NETSCAPE2.0".utf8)) != nil, "the GIF loops")
        #expect(data.count < 5 << 20, "\(data.count) bytes")
        // 25 fps by default for GIF: browsers stretch delays under 2/100 s, and 4/100 s
        // is the same delay for every frame.
        let ffprobe = try #require(programOnPath("ffprobe"), "ffprobe is missing: make test installs ffmpeg")
        let probe = String(decoding: try output(of: ffprobe, ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", out]), as: UTF8.self)
        #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "640,400", "the GIF's default size")
        let frames = try decodedFrames(of: out, size: PixelSize(width: 640, height: 400))
        #expect(frames.count == 125)
        #expect(contents(of: folder) == ["fling.gif"], "nothing else is left")
    }

    @Test(.needsFFmpeg) func pngSequenceNumbersFramesFromZero() throws {
        let folder = try recordingFolder("png")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["record", "--scene", "photos", "--script", "fling", "--size", "160x100", "--out", folder + "/f-%05d.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let count = flingFrameCount(size: Size(width: 160, height: 100))
        #expect(contents(of: folder) == (0..<count).map { String(format: "f-%05d.png", $0) })
        let frame = try RGBAImage.load(path: folder + "/f-00030.png")
        #expect(frame == (try shot(frame: 30, size: "160x100", folder: folder)))
    }

    @Test(.needsFFmpeg) func durationCutsTheReplayAtAWholeFrame() throws {
        let folder = try recordingFolder("duration")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["record", "--script", "fling", "--size", "64x40", "--fps", "10", "--duration", "0.45", "--out", folder + "/f%d.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(contents(of: folder) == ["f0.png", "f1.png", "f2.png", "f3.png", "f4.png"])
    }

    @Test(.needsFFmpeg) func comparePanesShowTheSameReplayUnderEachStrategy() throws {
        let folder = try recordingFolder("compare")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/compare.webp"
        let result = try run(["record", "--scene", "photos", "--script", "fling", "--size", "320x200",
                              "--compare", "strategy=layout-invalidation,cached-layout", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try #require(try webPFrames(of: out, atMilliseconds: [Int(40.5 * 1000 / 60)], size: PixelSize(width: 320, height: 200)).first)
        let left = try shot(frame: 40, size: "160x200", folder: folder, extra: ["--strategy", "layout-invalidation"])
        // Above the caption band at the bottom, the left pane is the shot and the right the same.
        let above = 0..<160
        #expect(rows(above, of: frame, columns: 0..<160) == rows(above, of: left))
        #expect(rows(above, of: frame, columns: 160..<320) == rows(above, of: left))
        #expect(rows(190..<200, of: frame, columns: 0..<160) != rows(190..<200, of: left), "each pane is captioned")
    }

    @Test func shotAtIsRangeChecked() throws {
        let folder = try recordingFolder("at")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let past = try run(["shot", "--script", "fling", "--at", "100", "--out", folder + "/x.png"])
        #expect(past.status == 2)
        #expect(past.stderr.contains("past the replay's end"), "\(past.stderr)")
        let noScript = try run(["shot", "--at", "1", "--out", folder + "/x.png"])
        #expect(noScript.status == 2)
        #expect(noScript.stderr.contains("--script"))
        let negative = try run(["shot", "--script", "fling", "--at", "-1", "--out", folder + "/x.png"])
        #expect(negative.status == 2)
        #expect(contents(of: folder).isEmpty)
    }
}
