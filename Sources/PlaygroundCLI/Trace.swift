import ArgumentParser
import Foundation
import FileOutput
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

    @Option(parsing: .unconditional, help: "Frames per second of the fixed time step, 1 to 1000.")
    var fps: Double = 60

    @Option(help: "A built-in script (\(BuiltinScript.validNames)) or a script file.")
    var script: String = BuiltinScript.fling.name

    @Option(help: "Write the CSV here instead of standard output.")
    var out: String?

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be a positive number from 1 to 1000, got \(fps)") }
    }

    func run() throws {
        let script = try loadScript(script)
        // Headers only: the same sizes the window and shot lay out, nothing decoded.
        let playground = model.makePlayground(viewportSize: viewport.size, folder: try model.folder.load())
        guard let out else {
            TraceWriter.trace(script: script, playground: playground, framesPerSecond: fps) { chunk in
                FileHandle.standardOutput.write(Data(chunk.utf8))
            }
            return
        }
        // Whole or not at all: an interrupted trace leaves any earlier file in place.
        let file: AtomicFile
        do { file = try AtomicFile(path: out) } catch { throw InputError(message: error.message) }
        var failure: AtomicFileError?
        TraceWriter.trace(script: script, playground: playground, framesPerSecond: fps) { chunk in
            guard failure == nil else { return }
            do throws(AtomicFileError) { try file.write(chunk) } catch { failure = error }
        }
        if let failure { throw InputError(message: failure.message) }
        do { try file.commit() } catch { throw InputError(message: error.message) }
    }
}
