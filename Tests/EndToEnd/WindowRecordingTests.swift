import Foundation
import SpawnIsolation
import Testing

/// The window's R key, run headless: `SDL_VIDEODRIVER=dummy` names SDL's invisible driver on
/// purpose, which the window accepts (see `SDLVideo`), and a script presses the keys.
@Suite(.onThreadsOfTheirOwn) struct WindowRecordingTests {
    /// Runs the window in `folder` (its current directory and home) with `script`; returns its status.
    private func runWindow(in folder: String, script: String, exitAfter: String, extraEnvironment: [String: String] = [:],
                           statsJson: String? = nil) throws -> Int32 {
        let scriptPath = try temporaryFile("record.script", contents: script)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: scriptPath).deletingLastPathComponent().path) }
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        // No videos folder set (xdg-user-dir answers $HOME): folder/Videos, made by R.
        environment["HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment.merge(extraEnvironment) { $1 }
        let process = Isolated.process(try playgroundBinary(),
                                       ["--script", scriptPath, "--exit-after", exitAfter, "--size", "320x200", "--disk-cache-mb", "0"]
                                           + (statsJson.map { ["--stats-json", $0] } ?? []),
                                       environment: environment, currentDirectory: URL(fileURLWithPath: folder))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The duration ffprobe reads from `path`.
    private func duration(of path: String) throws -> Double? {
        let ffprobe = try #require(programOnPath("ffprobe"), "ffprobe is missing: make test installs ffmpeg")
        let text = String(decoding: try output(of: ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]), as: UTF8.self)
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(.needsFFmpeg) func rStartsAndStopsAnMP4InTheVideosFolder() throws {
        let folder = try recordingFolder("window")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let status = try runWindow(in: folder, script: "key r\nwait 0.3\ndrag 160 180 160 20 0.3\nwait 0.9\nkey r\n", exitAfter: "2.5")
        #expect(status == 0)
        let videos = contents(of: folder + "/Videos").filter { $0.hasSuffix(".mp4") }
        #expect(videos.count == 1 && videos[0].hasPrefix("parallax-photos-"), "\(contents(of: folder + "/Videos"))")
        #expect(!contents(of: folder + "/Videos").contains { $0.contains("partial") })
        guard let video = videos.first else { return }
        // 1.5 s between the two presses, give or take the frames around them.
        let seconds = try #require(try duration(of: folder + "/Videos/" + video))
        #expect(seconds >= 1.4 && seconds < 2.5, "\(seconds) s")
    }

    /// An encoder that cannot keep up costs the video frames, not the window: frames that
    /// find the encoder's queue (2 s of frames) full are dropped and counted in the stats
    /// file, and the recording still ends whole. The fake ffmpeg reads nothing for 4 s of a
    /// 3 s recording.
    @Test func framesTheEncoderCannotTakeAreDroppedAndCounted() throws {
        let folder = try recordingFolder("window-slow-encoder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fake = folder + "/slow-ffmpeg"
        try """
            #!/bin/sh
            case "$*" in *-encoders*) echo " V....D libx264 fake H.264"; exit 0;; esac
            for last; do :; done
            sleep 4
            cat > "$last"
            """.write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let stats = folder + "/stats.json"
        let status = try runWindow(in: folder, script: "key r\ndrag 160 180 160 20 0.3\nwait 2.7\nkey r\n", exitAfter: "4",
                                   extraEnvironment: ["PARALLAX_FFMPEG": fake], statsJson: stats)
        #expect(status == 0)
        #expect(contents(of: folder + "/Videos").filter { $0.hasSuffix(".mp4") }.count == 1, "\(contents(of: folder + "/Videos"))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stats))) as? [String: Any])
        let dropped = try #require(report["recording_frames_not_captured"] as? Int)
        // About a second of frames past a queue of 2 s that nobody empties.
        #expect(dropped > 4, "\(dropped) frames dropped")
        // The fake writes the raw frames it was given: the video still lasts as long as the
        // recording did (R at 0 s and at 3.0 s: about 180 frames at 60 fps), the last frame
        // queued filling what the full queue dropped at the end.
        let video = try #require(contents(of: folder + "/Videos").first { $0.hasSuffix(".mp4") })
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: folder + "/Videos/" + video)[.size] as? Int)
        let frames = bytes / (320 * 200 * 4)
        #expect((175...186).contains(frames), "\(frames) frames for a 3.0 s recording")
    }

    /// xdg-user-dir answers $HOME when no videos folder is set; that is no videos
    /// folder, even when HOME is not the account's home: the video goes to HOME/Videos, made
    /// for it, and nothing into the current directory.
    @Test(.needsFFmpeg) func withNoVideosFolderSetTheVideoGoesToHomeVideosMadeForIt() throws {
        let folder = try recordingFolder("window-no-videos-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let status = try runWindow(in: folder, script: "key r\nwait 0.5\nkey q\n", exitAfter: "30", extraEnvironment: ["HOME": home])
        #expect(status == 0)
        #expect(contents(of: home + "/Videos").filter { $0.hasSuffix(".mp4") }.count == 1, "\(contents(of: home))")
        #expect(contents(of: folder).filter { $0.hasSuffix(".mp4") }.isEmpty, "\(contents(of: folder))")
    }

    /// A videos folder set in user-dirs.dirs (read by xdg-user-dir) gets the video, made if it
    /// is not there yet.
    @Test(.needsFFmpeg) func quittingWhileRecordingFinishesTheFileInTheVideosFolder() throws {
        _ = try #require(programOnPath("xdg-user-dir"), "xdg-user-dir is missing: make test installs xdg-user-dirs")
        let folder = try recordingFolder("window-videos")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let videosFolder = folder + "/Clips"
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        try "XDG_VIDEOS_DIR=\"$HOME/Clips\"\n".write(toFile: folder + "/config/user-dirs.dirs", atomically: true, encoding: .utf8)
        let status = try runWindow(in: folder, script: "key r\nwait 0.5\nkey q\n", exitAfter: "30")
        #expect(status == 0)
        let videos = contents(of: videosFolder).filter { $0.hasSuffix(".mp4") }
        #expect(videos.count == 1, "\(contents(of: folder))")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Videos"), "only the folder set was made")
        if let video = videos.first { #expect(try duration(of: videosFolder + "/" + video) ?? 0 > 0.3) }
    }
}

/// P's screenshots go where R's videos do: the pictures folder set in
/// user-dirs.dirs, else HOME/Pictures, made when first needed; never the current directory
/// while a folder can be made.
@Suite(.onThreadsOfTheirOwn) struct ScreenshotFolderTests {
    /// Runs the window headless in `folder` (its current directory) with `home` as HOME and
    /// `home`/config as XDG_CONFIG_HOME, pressing P; returns the screenshots' paths the run
    /// reported and its standard output.
    private func pressP(in folder: String, home: String) throws -> (paths: [String], output: String) {
        let script = try temporaryFile("p.script", contents: "key p\nwait 0.5\n")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: script).deletingLastPathComponent().path) }
        let stats = folder + "/stats.json"
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/config"
        let process = Isolated.process(try playgroundBinary(),
                                       ["--no-settings", "--size", "320x200", "--disk-cache-mb", "0", "--script", script,
                                        "--exit-after", "4", "--stats-json", stats],
                                       environment: environment, currentDirectory: URL(fileURLWithPath: folder))
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        struct Report: Decodable { var screenshots: [String] }
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: stats)))
        return (report.screenshots, said)
    }

    @Test func withNoPicturesFolderPWritesIntoHomePicturesMadeForIt() throws {
        let folder = try recordingFolder("p-no-pictures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let (paths, said) = try pressP(in: folder, home: home)
        let path = try #require(paths.first, "P saved a screenshot: \(said)")
        #expect(paths.count == 1)
        #expect(path.hasPrefix(home + "/Pictures/parallax-photos-") && path.hasSuffix(".png"), "\(path)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(said.contains("saved \(path)"), "the whole path on standard output: \(said)")
        #expect(contents(of: folder).filter { $0.hasSuffix(".png") }.isEmpty, "nothing in the current directory: \(contents(of: folder))")
    }

    @Test func aPicturesFolderSetInUserDirsGetsTheScreenshot() throws {
        _ = try #require(programOnPath("xdg-user-dir"), "xdg-user-dir is missing: make test installs xdg-user-dirs")
        let folder = try recordingFolder("p-shots")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        try "XDG_PICTURES_DIR=\"$HOME/Shots\"\n".write(toFile: home + "/config/user-dirs.dirs", atomically: true, encoding: .utf8)
        let (paths, _) = try pressP(in: folder, home: home)
        let path = try #require(paths.first, "P saved a screenshot")
        #expect(path.hasPrefix(home + "/Shots/parallax-photos-"), "\(path)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: home + "/Pictures"), "only the folder set was made")
    }
}
