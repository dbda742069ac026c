import ParallaxKit
import Presentation

/// The instruction-count section: per cell, and for each scene and strategy the count at the
/// largest item count against the smallest.
public struct InstructionCountReport: Codable, Equatable, Sendable {
    public struct Ratio: Codable, Equatable, Sendable {
        public var scene: String
        public var strategy: String
        public var items: [Int]
        public var instructions_per_frame: [Double]
        /// Largest count's instructions per frame over the smallest's.
        public var ratio: Double?
    }

    public var method = InstructionCountReport.methodText
    public var unavailable_reason: String?
    public var cells: [InstructionCount]
    public var ratios: [Ratio]

    static let methodText =
        "valgrind --tool=callgrind --collect-atstart=no --toggle-collect=<StrategyCostMeasurement.modelFrame> running `bench --only strategy-cost --repeats 1` for one cell: instructions executed inside the model's frame work only (the frame's script events, Playground.advancePhysics, Playground.updateLayoutAndStrategy; not the playground's construction, the warm-up replay or the timing), divided by the frames counted (frames of the bench script replay × measured replays); Swift's hashing seeded deterministically (SWIFT_DETERMINISTIC_HASHING=1) so the count repeats exactly, unlike times"

    public init(cells: [InstructionCount], unavailableReason: String? = nil) {
        self.cells = cells
        unavailable_reason = unavailableReason
        var ratios: [Ratio] = []
        for scene in SceneID.allCases {
            for strategy in ParallaxStrategy.allCases {
                let group = cells.filter { $0.scene == scene.name && $0.strategy == strategy.name }.sorted { $0.items < $1.items }
                guard let smallest = group.first, let largest = group.last, group.count > 1 else { continue }
                ratios.append(Ratio(
                    scene: scene.name, strategy: strategy.name, items: group.map(\.items),
                    instructions_per_frame: group.map { TextFormatting.rounded($0.instructionsPerFrame, 1) },
                    ratio: BenchStatistics.ratio(largest.instructionsPerFrame, smallest.instructionsPerFrame).map { TextFormatting.rounded($0, 4) }))
            }
        }
        self.ratios = ratios
    }

    var terminalText: String {
        let pad = TextFormatting.padLeft, padRight = TextFormatting.padRight
        var out = ["Instructions per frame of the model's work (callgrind, deterministic)"]
        if let unavailable_reason {
            out.append("  not measured: \(unavailable_reason)")
            return out.joined(separator: "\n")
        }
        let header = padRight("scene", 9) + padRight("strategy", 20) + pad("items", 12) + pad("frames", 9) + pad("instr/frame", 14) + pad("ratio", 9)
        out.append(header)
        out.append(String(repeating: "─", count: header.count))
        for ratio in ratios {
            for (i, items) in ratio.items.enumerated() {
                let last = i == ratio.items.count - 1
                let frames = cells.first { $0.scene == ratio.scene && $0.strategy == ratio.strategy && $0.items == items }.map { "\($0.frames)×\($0.runs)" } ?? ""
                out.append(
                    padRight(i == 0 ? ratio.scene : "", 9) + padRight(i == 0 ? (ParallaxStrategy(name: ratio.strategy)?.title ?? ratio.strategy) : "", 20)
                        + pad(NumberFormat.count(items), 12) + pad(frames, 9) + TextFormatting.column(ratio.instructions_per_frame[i], 0, 14)
                        + (last ? TextFormatting.column(ratio.ratio, 3, 9) : ""))
            }
        }
        out.append("")
        out.append(TextFormatting.wrapped("ratio: instructions per frame at the largest item count over the smallest. " + Self.methodText + "."))
        return out.joined(separator: "\n")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(method, forKey: .method)
        try c.encode(unavailable_reason, forKey: .unavailable_reason)
        try c.encode(cells, forKey: .cells)
        try c.encode(ratios, forKey: .ratios)
    }
}
