/// Instructions per frame of one cell's model work, counted by callgrind.
public struct InstructionCount: Codable, Equatable, Sendable {
    public var scene: String
    public var strategy: String
    public var items: Int
    /// Frames of one replay, and replays counted.
    public var frames: Int
    public var runs: Int
    public var instructions: Int

    public init(scene: String, strategy: String, items: Int, frames: Int, runs: Int, instructions: Int) {
        self.scene = scene
        self.strategy = strategy
        self.items = items
        self.frames = frames
        self.runs = runs
        self.instructions = instructions
    }

    /// Mean over every counted frame (idle ones included: the count, unlike a time, has no
    /// outliers to leave out).
    public var instructionsPerFrame: Double {
        frames * runs > 0 ? Double(instructions) / Double(frames * runs) : 0
    }
}
