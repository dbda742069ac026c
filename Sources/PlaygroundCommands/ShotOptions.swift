import ArgumentParser
import ParallaxKit
import RunHarness

/// `parallax-playground shot`: one frame rendered without a display, saved as PNG.
package struct ShotCommand: ParsableCommand, DrawsAWindow {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "shot",
        abstract: "Render one frame without a display (software renderer) and save it as PNG.",
        discussion: "The scene is scrolled to --offset, or, with --script, replayed at --fps (60) until the script ends and the list rests; with --at, the replay's frame at that time, as `record` draws it."
    )

    @OptionGroup package var model: ModelOptions

    @OptionGroup package var drawing: DrawingOptions

    @Option(parsing: .unconditional, help: "Content offset along the scene's axis, in points (clamped to the content).")
    package var offset: Double = 0

    @Option(help: "The PNG file to write (- for standard output).")
    package var out: String

    /// `--parallax` alone (a preset's amount does not clash with `--compare parallax=`).
    package var parallax: Double? { display.model.optionsGiven.parallax }

    @Option(parsing: .unconditional, help: "With --script: the frame at this time of the replay, in seconds (the frame nearest at * fps), as `record` draws it.")
    package var at: Double?

    @Option(parsing: .unconditional, help: "With --script: frames per second of the replay's fixed step, 1 to 1000.")
    package var fps: Double = 60

    @Flag(help: "Draw cell and image outlines (the D key).")
    package var debugOutlines = false

    @Flag(help: "Draw the help panel (the H key).")
    package var helpPanel = false

    @OptionGroup package var comparing: CompareOptions

    package func validate() throws {
        guard offset.isFinite else { throw ValidationError("--offset must be a number") }
        try comparing.check(strategy: display.model.strategy, parallax: parallax, scene: display.model.sceneChoice, technique: display.model.technique)
        guard Replay.framesPerSecondRange.contains(fps) else { throw ValidationError(Replay.framesPerSecondMessage(got: fps)) }
        if let at {
            guard display.script != nil else { throw ValidationError("--at picks a time in a replay: give --script too") }
            guard at.isFinite, at >= 0 else { throw ValidationError("--at must be 0 or more seconds, got \(at)") }
        }
    }
}
