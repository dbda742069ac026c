import ArgumentParser
import Foundation
import ParallaxKit

/// `parallax-playground trace`: replays a script headless and writes what every visible cell
/// did on every frame as CSV.
struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a script without a window and write a CSV row per visible cell per frame.",
        discussion: """
            Columns: \(TraceWriter.header)
            Offsets and cell rectangles are in points, cells in content coordinates; parallax is the
            image's displacement from centred in its cell (+y down, +x right).
            Built-in scripts: \(BuiltinScript.validNames). Script format: see README.md.
            """
    )

    @OptionGroup var model: ModelOptions

    @Option(parsing: .unconditional, help: "Viewport size in points, WIDTHxHEIGHT.", transform: { try ViewportSize(parsing: $0) })
    var viewport: ViewportSize = ViewportSize(width: 1280, height: 800)

    @Option(parsing: .unconditional, help: "Frames per second of the fixed time step.")
    var fps: Double = 60

    @Option(help: "A built-in script (\(BuiltinScript.validNames)) or a script file.")
    var script: String = BuiltinScript.fling.name

    @Option(help: "Write the CSV here instead of standard output.")
    var out: String?

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 10_000 else { throw ValidationError("--fps must be a positive number up to 10000, got \(fps)") }
    }

    func run() throws {
        let script = try loadScript(script)
        let playground = model.makePlayground(viewportSize: viewport.size)
        let handle: FileHandle
        if let out {
            guard FileManager.default.createFile(atPath: out, contents: nil), let h = FileHandle(forWritingAtPath: out) else {
                throw InputError(message: "cannot write to '\(out)'")
            }
            handle = h
        } else {
            handle = FileHandle.standardOutput
        }
        TraceWriter.trace(script: script, playground: playground, framesPerSecond: fps) { chunk in
            handle.write(Data(chunk.utf8))
        }
        if out != nil { try handle.close() }
    }
}
