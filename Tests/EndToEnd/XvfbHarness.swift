import Foundation
import ParallaxKit
import SDLBackend
import SpawnIsolation
import Testing

// What the window's end-to-end tests drive it with: a private Xvfb, xdotool and the other
// Debian tools `make test` installs, the app in a window, and comparisons of screenshots.


/// A private X server for one test, stopped (by its own PID) when done.
final class XvfbServer {
    let display: String
    private let process: Process

    /// Suites run in parallel: two servers choosing at once would both see the same number
    /// free, and the loser's tests would drive the winner's windows. Choosing and starting
    /// happen under one lock, and a server that exits (its number was taken after all) is
    /// replaced by one on the next number.
    private static let starting = NSLock()

    init() throws {
        Self.starting.lock()
        defer { Self.starting.unlock() }
        var candidates = (140..<200).filter {
            !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
        }[...]
        while true {
            guard let number = candidates.popFirst() else { throw ToolFailure(message: "no free X display number from :140 to :199") }
            let display = ":\(number)"
            // -noreset: an X server resets itself whenever its last client leaves, and a client
            // connecting during that reset is refused. The tests' xdotool polls connect and
            // leave many times a second, so an app starting beside them found "no display"
            // (a CI run's keysTypedBeforeTheFirstFrameTakeEffect). Measured with xdpyinfo in a
            // loop beside 600 xdotool calls: 21 of 608 connections refused without the flag,
            // none of 577 with it.
            let process = Isolated.process(try tool("Xvfb"), [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The socket appears before the server answers; ask it until it does, and make
            // sure it is this server that answers.
            let deadline = Date().addingTimeInterval(20)
            var answered = false
            while Date() < deadline && process.isRunning {
                if (try? runTool("xdpyinfo", [], display: display)) != nil { answered = true; break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Thread.sleep(forTimeInterval: 0.1)
            if answered && process.isRunning {
                self.display = display
                self.process = process
                self.number = number
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            guard Date() < deadline else { throw ToolFailure(message: "Xvfb did not start on \(display)") }
        }
    }

    private let number: Int

    func stop() {
        // SIGKILL: children of Foundation's Process may start with SIGTERM blocked.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // A killed server leaves its socket and lock behind.
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A Debian tool that `make test` installs; its absence fails the test with the package name.
func tool(_ name: String) throws -> URL {
    for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
        return URL(fileURLWithPath: "\(dir)/\(name)")
    }
    throw ToolFailure(message: "\(name) is not installed (make test installs xvfb, xdotool, x11-utils and imagemagick)")
}

/// Runs a tool to completion on `display`; returns its standard output.
@discardableResult
func runTool(_ name: String, _ arguments: [String], display: String) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    let process = Isolated.process(try tool(name), arguments, environment: environment)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    Isolated.removeFolder(of: process)
    guard process.terminationStatus == 0 else { throw ToolFailure(message: "\(name) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))") }
    return String(decoding: data, as: UTF8.self)
}

func pause(_ seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

/// Takes pictures with `take` until one satisfies `accept` or `seconds` have passed, and
/// returns the last: a verdict waits for what the app shows, not for a fixed time that a busy
/// machine may overrun.
func picture(within seconds: Double, _ take: () throws -> RGBAImage, until accept: (RGBAImage) -> Bool) throws -> RGBAImage {
    let deadline = Date().addingTimeInterval(seconds)
    var last = try take()
    while !accept(last) && Date() < deadline {
        pause(0.1)
        last = try take()
    }
    return last
}

/// Takes pictures until two in a row 0.2 s apart are alike (the app at rest) or `seconds`
/// have passed; returns the last.
func restingPicture(within seconds: Double, in region: (x: Range<Int>, y: Range<Int>), _ take: () throws -> RGBAImage) throws -> RGBAImage {
    let deadline = Date().addingTimeInterval(seconds)
    var previous = try take()
    while Date() < deadline {
        pause(0.2)
        let next = try take()
        if changedShare(previous, next, in: region) == 0 { return next }
        previous = next
    }
    return previous
}

/// The app in a real window on an Xvfb display: started with `arguments`, its standard error
/// in a file (not a pipe: reading a pipe whose writer is still open would block), and the id
/// of its window once that appeared (20 s at most). `stop()` ends it by its PID if it runs.
final class WindowedApp {
    let process: Process
    let errorsPath: String
    private(set) var window = ""

    /// `environment`: variables to set beside DISPLAY (a test's own HOME, say).
    init(_ arguments: [String], on x: XvfbServer, folder: URL, environment extra: [String: String] = [:]) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        environment["SDL_VIDEODRIVER"] = nil
        environment.merge(extra) { $1 }
        process = Isolated.process(try playgroundBinary(), arguments, environment: environment)
        errorsPath = folder.appendingPathComponent("stderr-\(UUID().uuidString).txt").path
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while window.isEmpty && Date() < deadline && process.isRunning {
            window = (try? runTool("xdotool", ["search", "--name", "Parallax Playground"], display: x.display))?
                .split(separator: "\n").first.map(String.init) ?? ""
            if window.isEmpty { pause(0.2) }
        }
    }

    /// What the app wrote to standard error so far.
    var said: String { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for the app to exit; true if it did.
    @discardableResult
    func waitForExit(seconds: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { pause(0.1) }
        return !process.isRunning
    }

    func stop() { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// The share of pixels in `region` that differ between two screenshots.
func changedShare(_ a: RGBAImage, _ b: RGBAImage, in region: (x: Range<Int>, y: Range<Int>)) -> Double {
    var changed = 0
    for y in region.y {
        for x in region.x {
            let p = a[x, y], q = b[x, y]
            if abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) > 30 { changed += 1 }
        }
    }
    return Double(changed) / Double(region.x.count * region.y.count)
}

/// The mean difference between horizontally and vertically neighbouring pixels in `region`
/// (all three channels): how much detail it shows.
func detail(_ image: RGBAImage, in region: (x: Range<Int>, y: Range<Int>)) -> Double {
    var total = 0
    for y in region.y.dropLast() {
        for x in region.x.dropLast() {
            let p = image[x, y], right = image[x + 1, y], below = image[x, y + 1]
            total += abs(Int(p.r) - Int(right.r)) + abs(Int(p.g) - Int(right.g)) + abs(Int(p.b) - Int(right.b))
            total += abs(Int(p.r) - Int(below.r)) + abs(Int(p.g) - Int(below.g)) + abs(Int(p.b) - Int(below.b))
        }
    }
    return Double(total) / Double(max(1, (region.x.count - 1) * (region.y.count - 1)))
}
