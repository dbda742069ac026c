import Foundation
import ParallaxKit
import SDLBackend
import SpawnIsolation
import Testing

/// The R key's recording keeps the window on time: frames are read back in the renderer's own
/// byte order into recycled buffers, a queue of 2 s absorbs an encoder that falls behind, and
/// R's stop lets the encoder finish while the window goes on. Run headless, like
/// `WindowRecordingTests`.
@Suite(.onThreadsOfTheirOwn) struct WindowRecordingQueueTests {
    /// Where `folder`'s runs put their videos and screenshots.
    private func videos(_ folder: String) -> String { folder + "/Videos" }
    private func pictures(_ folder: String) -> String { folder + "/Pictures" }

    /// Runs the window at 320x200 in `folder` (its current directory and home) with `script`;
    /// returns its status and standard output.
    private func runWindow(in folder: String, script: String, exitAfter: String, ffmpeg: String? = nil,
                           statsJson: String? = nil, arguments: [String] = [], display: String? = nil,
                           environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let scriptPath = folder + "/record.script"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = display == nil ? "dummy" : nil
        if let display { environment["DISPLAY"] = display }
        // No videos or pictures folder set (xdg-user-dir answers $HOME): folder/Videos and
        // folder/Pictures, made when R and P first save.
        environment["HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        if let ffmpeg { environment["PARALLAX_FFMPEG"] = ffmpeg }
        environment.merge(extra) { _, new in new }
        let process = Isolated.process(try playgroundBinary(),
                                       ["--script", scriptPath, "--exit-after", exitAfter, "--size", "320x200", "--disk-cache-mb", "0"]
                                           + (statsJson.map { ["--stats-json", $0] } ?? []) + arguments,
                                       environment: environment, currentDirectory: URL(fileURLWithPath: folder))
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Writes an executable `name` in `folder` running `body` under /bin/sh; returns its path.
    private func fakeFFmpeg(in folder: String, named name: String, _ body: String) throws -> String {
        let fake = folder + "/" + name
        try ("#!/bin/sh\n" + body).write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        return fake
    }

    /// Shell lines that wait until P's screenshot is in $HOME/Pictures (the run's folder), at
    /// most 10 s, then run `then` (with `found` set to yes when it came).
    private func afterTheScreenshot(_ then: String) -> String {
        """

        i=0; found=no
        while [ $i -lt 100 ]; do
            if ls "$HOME/Pictures/"*.png >/dev/null 2>&1; then found=yes; break; fi
            sleep 0.1; i=$((i + 1))
        done
        \(then)

        """
    }

    /// A fake ffmpeg that reads nothing for `seconds`, then writes the raw frames it is given
    /// to its output file (its last argument).
    private func slowFFmpeg(in folder: String, sleeping seconds: Double) throws -> String {
        try fakeFFmpeg(in: folder, named: "slow-ffmpeg", """
            case "$*" in *-encoders*) echo " V....D libx264 fake H.264"; exit 0;; esac
            for last; do :; done
            sleep \(seconds)
            cat > "$last"
            """)
    }

    /// An encoder that reads nothing for 1.5 s costs a 1 s recording no frame: the queue holds
    /// 2 s of frames (a queue of 4 dropped most of them), and the file has every one.
    @Test func anEncoderThatFallsBehindWithinTheQueueCostsNoFrame() throws {
        let folder = try recordingFolder("window-queue")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fake = try slowFFmpeg(in: folder, sleeping: 1.5)
        let stats = folder + "/stats.json"
        let run = try runWindow(in: folder, script: "key r\ndrag 160 180 160 20 0.3\nwait 0.7\nkey r\n", exitAfter: "2.5",
                                ffmpeg: fake, statsJson: stats)
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stats))) as? [String: Any])
        let dropped = try #require(report["recording_frames_not_captured"] as? Int)
        #expect(dropped == 0, "\(dropped) frames dropped")
        let drawn = try #require(report["recording_window_frames"] as? Int)
        #expect(drawn > 4, "\(drawn) window frames while recording")
        // R at 0 s and at 1.0 s: about 60 frames at 60 fps, 4 bytes a pixel.
        let video = try #require(contents(of: videos(folder)).first { $0.hasSuffix(".mp4") }, "\(contents(of: videos(folder)))")
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: videos(folder) + "/" + video)[.size] as? Int)
        #expect(bytes % (320 * 200 * 4) == 0)
        #expect((55...66).contains(bytes / (320 * 200 * 4)), "\(bytes / (320 * 200 * 4)) frames for a 1.0 s recording")
    }

    /// R's stop does not wait for the encoder: the fake encoder reads no frame until the
    /// screenshot P takes 0.2 s after the stop is saved (giving up after 10 s), so a window
    /// that waited for it would save the video first; this one saves the screenshot, then the
    /// video. (An encoder asleep for a fixed 1.5 s let a loaded machine's screenshot, which
    /// waits for the photos to be sharp, come after the video.)
    @Test func theWindowGoesOnWhileTheEncoderFinishes() throws {
        let folder = try recordingFolder("window-async-stop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fake = try fakeFFmpeg(in: folder, named: "ffmpeg-waiting-for-the-screenshot", """
            case "$*" in *-encoders*) echo " V....D libx264 fake H.264"; exit 0;; esac
            for last; do :; done
            """ + afterTheScreenshot(#"cat > "$last""#))
        let run = try runWindow(in: folder, script: "key r\nwait 0.3\nkey r\nwait 0.2\nkey p\n", exitAfter: "3", ffmpeg: fake)
        #expect(run.status == 0)
        let saved = run.output.split(separator: "\n").filter { $0.hasPrefix("saved ") }
        #expect(saved.count == 2 && saved.first?.hasSuffix(".png") == true && saved.last?.hasSuffix(".mp4") == true,
                "\(saved)")
        #expect(contents(of: videos(folder)).filter { $0.hasSuffix(".mp4") }.count == 1)
        #expect(!contents(of: videos(folder)).contains { $0.contains("partial") })
    }

    /// How `theVideoHasTheWindowsColours` reads the window back.
    enum ReadBack: CaseIterable, Sendable {
        /// Headless: SDL's software renderer, read through SDL.
        case headless
        /// In an X server, OpenGL drawn by llvmpipe: read at once, rows bottom-up (turned over by ffmpeg).
        case xServerAtOnce
        /// The same through pixel-pack buffers a frame late (a GPU's way, forced by
        /// `PARALLAX_READBACK`), rows turned over by the copy out.
        case xServerAFrameLate
    }

    /// The frames read back in B, G, R order reach the video as the window showed them: the
    /// frame of the recording closest to a screenshot taken in it (P, read back as RGBA)
    /// matches it, far closer than the same frame with red and blue swapped or upside down,
    /// whichever way the frames were read. P waits up to `screenshotPatience` (3 s) for the
    /// photos to be sharp, so the recording goes on 3.2 s after P: on a loaded machine the shot
    /// is taken when the photos settle, which no fixed frame of the video marks.
    @Test(.timeLimit(.minutes(2)), .needsFFmpeg, .needsXvfb, arguments: ReadBack.allCases)
    func theVideoHasTheWindowsColours(readBack: ReadBack) throws {
        _ = try #require(programOnPath("ffmpeg"), "ffmpeg is missing: make test installs it")
        let folder = try recordingFolder("window-colours")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inXServer = readBack != .headless
        let x = inXServer ? try XvfbServer() : nil
        defer { x?.stop() }
        let stats = folder + "/stats.json"
        let run = try runWindow(in: folder, script: "wait 1.5\nkey r\nwait 0.5\nkey p\nwait 3.2\nkey r\n", exitAfter: "5.5",
                                statsJson: stats, arguments: ["--no-settings"], display: x?.display,
                                environment: readBack == .xServerAFrameLate ? ["PARALLAX_READBACK": "a-frame-late"] : [:])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stats))) as? [String: Any])
        #expect((report["renderer"] as? String == "opengl") == inXServer, "\(report["renderer"] ?? "")")
        let shotName = try #require(contents(of: pictures(folder)).first { $0.hasSuffix(".png") }, "\(contents(of: pictures(folder)))")
        let videoName = try #require(contents(of: videos(folder)).first { $0.hasSuffix(".mp4") }, "\(contents(of: videos(folder)))")
        let shot = try RGBAImage.load(path: pictures(folder) + "/" + shotName)
        let frames = try decodedFrames(of: videos(folder) + "/" + videoName, size: shot.size, bt709: true)
        try #require(frames.count > 20, "\(frames.count) frames")
        let (frame, matched) = try #require(frames.map { ($0, psnr($0, shot)) }.max { $0.1 < $1.1 })
        var swapped = frame.bytes
        for i in stride(from: 0, to: swapped.count, by: 4) { swapped.swapAt(i, i + 2) }
        let mismatched = psnr(RGBAImage(width: frame.width, height: frame.height, bytes: swapped), shot)
        let rowBytes = frame.width * 4
        let upsideDown = (0..<frame.height).reversed().flatMap { frame.bytes[($0 * rowBytes)..<(($0 + 1) * rowBytes)] }
        #expect(matched > psnr(RGBAImage(width: frame.width, height: frame.height, bytes: upsideDown), shot) + 6)
        // H.264 at 4:2:0 keeps these scenes above 30 dB (the recording tests' floor); swapping
        // red and blue in the photos scene's frame costs far more than the codec does.
        #expect(matched > 30, "\(matched) dB")
        #expect(matched > mismatched + 6, "\(matched) dB against \(mismatched) dB swapped")
    }

    /// An ffmpeg without libx264 is found out on the encoder's thread, not by the window's
    /// frame: the fake's `ffmpeg -encoders` answers only once the window has saved P's
    /// screenshot, pressed after R (and gives up after 10 s), which a window waiting for that
    /// answer would never do. Then the window saves no video and goes on.
    @Test func anFFmpegWithoutLibx264IsFoundOutWithoutStallingTheWindow() throws {
        let folder = try recordingFolder("window-no-x264")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fake = try fakeFFmpeg(in: folder, named: "ffmpeg-without-x264", """
            case "$*" in *-encoders*) ;; *) exit 1;; esac
            """ + afterTheScreenshot(#"[ $found = yes ] && touch "$HOME/answered-after-the-screenshot"; echo " V....D libx265 fake H.265""#))
        let run = try runWindow(in: folder, script: "key r\nwait 0.3\nkey p\nwait 2\n", exitAfter: "4", ffmpeg: fake)
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/answered-after-the-screenshot"),
                "the window took P's screenshot only after ffmpeg's encoders were listed: R waited for them")
        #expect(contents(of: videos(folder)).filter { $0.hasSuffix(".mp4") }.isEmpty, "\(contents(of: videos(folder)))")
        #expect(!contents(of: videos(folder)).contains { $0.contains("partial") })
        #expect(!run.output.contains(".mp4"), "\(run.output)")
    }

    /// `--record-size` makes a smaller video of the window's frame, scaled to fit and keeping
    /// its shape: 160x120 for a 320x200 window is 160x100.
    @Test(.needsFFmpeg) func recordSizeScalesTheVideoToFit() throws {
        let ffprobe = try #require(programOnPath("ffprobe"), "ffprobe is missing: make test installs ffmpeg")
        let folder = try recordingFolder("window-record-size")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try runWindow(in: folder, script: "key r\nwait 0.5\nkey r\n", exitAfter: "1.5", arguments: ["--record-size", "160x120"])
        #expect(run.status == 0)
        let video = try #require(contents(of: videos(folder)).first { $0.hasSuffix(".mp4") }, "\(contents(of: videos(folder)))")
        let size = String(decoding: try output(of: ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                                              "-of", "csv=p=0", videos(folder) + "/" + video]), as: UTF8.self)
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "160,100")
    }

    /// A size outside 2…16384 or not in whole pixels is refused before the window opens.
    @Test(arguments: ["1x100", "640x0", "640.5x400", "640", "20000x400"])
    func recordSizeOutOfRangeIsRefused(_ size: String) throws {
        let folder = try recordingFolder("window-record-size-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try runWindow(in: folder, script: "key r\n", exitAfter: "1", arguments: ["--record-size", size])
        #expect(run.status != 0)
        #expect(contents(of: videos(folder)).filter { $0.hasSuffix(".mp4") }.isEmpty)
    }
}
