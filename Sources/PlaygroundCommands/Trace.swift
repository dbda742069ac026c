import ArgumentParser
import Foundation
import FileOutput
import ParallaxKit
import RunHarness

/// `parallax-playground trace`: replays a script headless and writes what every visible cell
/// did on every frame as CSV.
package struct Trace: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        abstract: "Replay a script without a window and write a CSV row per visible cell per frame.",
        discussion: """
            Columns: \(TraceWriter.header.split(separator: ",").joined(separator: ", ")).
            Offsets and cell rectangles are in points, cells in content coordinates; parallax is the \
            image's displacement from centred in its cell (+y down, +x right).
            Built-in scripts: \(BuiltinScript.validNames). Script format: see README.md.
            """
    )

    @OptionGroup package var model: ModelOptions

    @Option(parsing: .unconditional, help: "Viewport size in points, WIDTHxHEIGHT, each side 1 to 16384 (default: 1280x800).", transform: { try ViewportSize(parsing: $0) })
    package var viewport: ViewportSize = ViewportSize(width: 1280, height: 800)

    @Option(parsing: .unconditional, help: "Frames per second of the fixed time step, 1 to 1000.")
    package var fps: Double = 60

    @Option(help: "A built-in script (\(BuiltinScript.validNames)) or a script file.")
    package var script: String = BuiltinScript.fling.name

    @Option(help: "Write the CSV here instead of standard output (- is standard output).")
    package var out: String?

    package func validate() throws {
        guard Replay.framesPerSecondRange.contains(fps) else { throw ValidationError(Replay.framesPerSecondMessage(got: fps)) }
    }

    package func run() throws {
        // The destination is checked before the replay: a folder or a read-only file is an
        // input error up front. Standard output ("-", the default) and FIFOs stream as rows are
        // made; a file appears whole, so an interrupted trace leaves any earlier file in place.
        let file = try OutputFile(path: out ?? "-")
        let script = try loadScript(script)
        // Headers only: the same sizes the window and shot lay out, nothing decoded.
        let playground = model.makePlayground(viewportSize: viewport.size, folder: try model.folder.load())
        var failure: OutputError?
        TraceWriter.trace(script: script, playground: playground, framesPerSecond: fps) { chunk in
            guard failure == nil else { return }
            do throws(OutputError) { try file.write(chunk) } catch { failure = error }
        }
        if let failure { throw failure }
        try file.commit()
    }
}
