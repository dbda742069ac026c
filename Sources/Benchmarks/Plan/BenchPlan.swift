import BenchOptions
import ParallaxKit

/// What one benchmark run covers: the command line's choices, resolved.
public struct BenchPlan: Sendable {
    public var sections: Set<BenchSection>
    public var scenes: [SceneID]
    public var strategies: [ParallaxStrategy]
    public var items: [Int]
    /// Measured replays per matrix cell (after one warm-up).
    public var repeats: Int
    /// Runs of each loop per scene in the frame-cost section.
    public var frameRepeats: Int
    /// The frame-cost replays stop after this many frames (--quick), or run to the end.
    public var frameLimit: Int?
    public var launches: Int
    /// Item counts of the instruction-count section (`--items` when given, else
    /// `BenchPlan.instructionItems`).
    public var instructionItems: [Int]
    /// The instruction count's own item counts: the claim it checks is about 1,000 against 1,000,000.
    public static let instructionItems = [1000, 1_000_000]
    public var quick: Bool

    public init(
        sections: Set<BenchSection>, scenes: [SceneID], strategies: [ParallaxStrategy], items: [Int], repeats: Int,
        frameRepeats: Int, frameLimit: Int?, launches: Int, instructionItems: [Int] = BenchPlan.instructionItems, quick: Bool
    ) {
        self.sections = sections
        self.scenes = scenes
        self.strategies = strategies
        self.items = items
        self.repeats = repeats
        self.frameRepeats = frameRepeats
        self.frameLimit = frameLimit
        self.launches = launches
        self.instructionItems = instructionItems
        self.quick = quick
    }

    /// Every scene × strategy × item count, in that nesting.
    public var cells: [BenchCell] {
        scenes.flatMap { scene in strategies.flatMap { strategy in items.map { BenchCell(scene: scene, strategy: strategy, items: $0) } } }
    }

    /// The strategies whose cost should follow what is visible: the instruction count's subjects.
    public var instructionCells: [BenchCell] {
        scenes.flatMap { scene in
            strategies.filter { $0 == .scrollCallback || $0 == .cachedLayout }.flatMap { strategy in
                instructionItems.map { BenchCell(scene: scene, strategy: strategy, items: $0) }
            }
        }
    }

    /// Cells whose warm-up replay took less than this get `cheapRunFactor` times the runs:
    /// small numbers suffer most from an interruption, and their runs cost next to nothing.
    public static let cheapReplaySeconds = 0.05
    public static let cheapRunFactor = 3

    public var repeatsDescription: String {
        "median of \(repeats) measured run\(repeats == 1 ? "" : "s") per cell after a warm-up, "
            + "\(repeats * Self.cheapRunFactor) for cells whose replay takes under \((Self.cheapReplaySeconds * 1000).clampedInteger(Int.self)) ms"
    }

    /// A replay's rough cost, for the progress bar: layout invalidation is O(items) a frame.
    static func weight(_ cell: BenchCell) -> Double {
        cell.strategy == .layoutInvalidation ? 1 + Double(cell.items) / 20_000 : 1
    }
}
