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
            mid-motion) must show the same cells. Exits with 1 on the first broken invariant, or when \
            the largest resident memory after the first fifth of the run exceeds the largest during it by more than --max-memory-growth percent. With --tour the run starts by visiting every scene at 1,000,000 items.
            Without --window it runs offscreen (SDL's dummy driver).
            """
    )

    @OptionGroup package var model: ModelOptions

    @OptionGroup package var drawing: DrawingOptions

    @OptionGroup package var diskCacheOptions: DiskCacheOptions

    @Option(parsing: .unconditional, help: "How long to run, seconds (1 to 86400).")
    package var seconds: Double = 30

    @Option(parsing: .unconditional, help: "The random seed: the same seed gives the same input.")
    package var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Fail when the largest resident memory after the first fifth of the run exceeds the largest during it by more than this many percent.")
    package var maxMemoryGrowth: Double?

    @Flag(help: "Run in a real window instead of offscreen.")
    package var window = false

    @Flag(help: "Start with a tour of every scene at 1,000,000 items, so a soak's warm-up reaches the largest working set.")
    package var tour = false

    package func validate() throws {
        guard seconds >= 1, seconds <= 86_400 else { throw ValidationError("--seconds must be from 1 to 86400") }
        if let maxMemoryGrowth, !(maxMemoryGrowth >= 0 && maxMemoryGrowth <= 1000) {
            throw ValidationError("--max-memory-growth must be from 0 to 1000 percent")
        }
    }
}
