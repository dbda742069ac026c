import Foundation
import Fuzzing
import Testing

/// Every input the fuzzer ever broke the app with is kept in `Tests/FuzzCorpus/` and replayed
/// here (with the seeds), so a crash found once stays fixed. A trap ends this test process:
/// that is the failure.
@Suite struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus")

    @Test func theSeedsRunThroughBothTargets() {
        let seeds = FuzzTargets.seeds
        #expect(seeds.contains { $0.bytes.first == 0 } && seeds.contains { $0.bytes.first == 1 }, "both targets have seeds")
        for seed in seeds { FuzzTargets.run(seed.bytes) }
    }

    @Test func everyKeptFindingStaysFixed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasPrefix(".") && $0 != "README.md" }
        #expect(!names.isEmpty, "the kept findings are in \(Self.corpus.path)")
        for name in names.sorted() {
            FuzzTargets.run(Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name))))
        }
    }
}
