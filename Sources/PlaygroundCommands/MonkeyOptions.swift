import ArgumentParser

/// `parallax-playground monkey`: a seeded storm of input through the real frame loop, with the
/// model's invariants checked after every frame and a second model, fed the same events
/// under another strategy, compared cell for cell.
package struct MonkeyCommand: ParsableCommand, DrawsAWindow {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Drive the real frame loop with seeded random input and check the model after every frame.",
        discussion: """
            Wheel bursts, drags at random speeds, every key but quit and screenshot, item counts up \
            to 1,000,000 and window resizes reach the app as SDL events. After each frame the offset \
            must stay within the rubber-banded range, every shift within the amount, no number may be \
            NaN, and a second playground given the same events under another strategy (switched \
            mid-motion) must show the same cells. The run lasts --seconds, or --frames frames. Exits with 1 on the first broken invariant, or when \
            the largest resident memory after the first fifth of the run (of its time or frames) exceeds the largest during it by more than --max-memory-growth percent. With --tour the run starts by visiting every scene at 1,000,000 items.
            Without --window it runs offscreen (SDL's dummy driver).
            """
    )

    @OptionGroup package var model: ModelOptions

    @OptionGroup package var drawing: DrawingOptions

    @OptionGroup package var diskCacheOptions: DiskCacheOptions

    @Option(parsing: .unconditional, help: "How long to run, seconds (1 to 86400). Default: 30, unless --frames is given.")
    package var seconds: Double?

    @Option(parsing: .unconditional, help: "Run this many frames instead of a time (1 to 10,000,000), the input planned on a 60 fps clock of frames: the same checking on a busy machine as on a quiet one.")
    package var frames: Int?

    @Option(parsing: .unconditional, help: "The random seed: the same seed gives the same input.")
    package var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Fail when the largest resident memory after the first fifth of the run (of its time or frames) exceeds the largest during it by more than this many percent.")
    package var maxMemoryGrowth: Double?

    @Flag(help: "Run in a real window instead of offscreen.")
    package var window = false

    @Flag(help: "Start with a tour of every scene at 1,000,000 items, so a soak's warm-up reaches the largest working set.")
    package var tour = false

    package func validate() throws {
        if seconds != nil && frames != nil { throw ValidationError("give --seconds or --frames, not both") }
        if let seconds { guard seconds >= 1, seconds <= 86_400 else { throw ValidationError("--seconds must be from 1 to 86400") } }
        if let frames { guard frames >= 1, frames <= 10_000_000 else { throw ValidationError("--frames must be from 1 to 10,000,000") } }
        if let maxMemoryGrowth, !(maxMemoryGrowth >= 0 && maxMemoryGrowth <= 1000) {
            throw ValidationError("--max-memory-growth must be from 0 to 1000 percent")
        }
    }
}
