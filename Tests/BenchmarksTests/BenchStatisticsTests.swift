import ParallaxKit
import RunHarness
import Testing
@testable import Benchmarks

/// The statistics every number in the report is made of, against values worked out by hand.
@Suite struct BenchStatisticsTests {
    struct QuantileCase: Sendable, CustomStringConvertible {
        var values: [Double]
        var p: Double
        var expected: Double
        var description: String { "p\(p) of \(values.count) values" }
    }

    /// Nearest rank ⌈p·n⌉ of the sorted values (exact below 2,048 ns).
    @Test(arguments: [
        QuantileCase(values: (1...100).map(Double.init), p: 0.5, expected: 50),
        QuantileCase(values: (1...100).map(Double.init), p: 0.99, expected: 99),
        QuantileCase(values: (1...100).map(Double.init), p: 1, expected: 100),
        QuantileCase(values: (1...100).map(Double.init), p: 0, expected: 1),
        QuantileCase(values: [40, 10, 30, 20], p: 0.5, expected: 20),
        QuantileCase(values: [40, 10, 30, 20], p: 0.75, expected: 30),
        QuantileCase(values: [40, 10, 30, 20], p: 0.76, expected: 40),
        QuantileCase(values: [1234], p: 0.99, expected: 1234),
        QuantileCase(values: [], p: 0.5, expected: 0),
    ])
    func quantileIsTheNearestRank(_ c: QuantileCase) {
        #expect(BenchStatistics.quantile(nanoseconds: c.values, c.p) == c.expected)
    }

    /// Above 2,048 ns the histogram keeps three significant digits: 3,000,000 ns lies in a
    /// bucket 2,048 ns wide starting at 1,464 × 2,048 = 2,998,272, and the quantile is that
    /// bucket's highest value, 3,000,319 (never beyond the largest value recorded).
    @Test func largeValuesKeepThreeSignificantDigits() {
        #expect(BenchStatistics.quantile(nanoseconds: [3_000_000, 3_100_000], 0.5) == 3_000_319)
        #expect(BenchStatistics.quantile(nanoseconds: [3_000_000], 0.5) == 3_000_000)
        let q = BenchStatistics.quantile(nanoseconds: [7_000_000, 7_100_000, 7_200_000], 0.5)
        #expect(q >= 7_100_000 && q < 7_100_000 * 1.001)
    }

    struct MedianCase: Sendable, CustomStringConvertible {
        var values: [Double]
        var expected: Double
        var description: String { "\(values)" }
    }

    @Test(arguments: [
        MedianCase(values: [3, 1, 2], expected: 2),
        MedianCase(values: [4, 1, 3, 2], expected: 2.5),
        MedianCase(values: [7], expected: 7),
        MedianCase(values: [1.5, 9, 1.5, 100, 2], expected: 2),
        MedianCase(values: [], expected: 0),
    ])
    func median(_ c: MedianCase) {
        #expect(BenchStatistics.median(c.values) == c.expected)
    }

    @Test func meanAndRatio() {
        #expect(BenchStatistics.mean([1, 2, 6]) == 3)
        #expect(BenchStatistics.mean([]) == 0)
        #expect(BenchStatistics.ratio(3, 2) == 1.5)
        #expect(BenchStatistics.ratio(3, 0) == nil)
        #expect(BenchStatistics.ratio(3, -1) == nil)
    }

    /// The median over runs of each run's quantile: p50s 2, 20 and 5, so 5.
    @Test func medianOfRunQuantiles() {
        #expect(BenchStatistics.medianOfRunQuantiles([[1, 2, 3], [10, 20, 30], [4, 5, 6]], 0.5) == 5)
        #expect(BenchStatistics.medianOfRunQuantiles([[1, 2, 3], [10, 20, 30]], 1) == 16.5)
    }

    @Test func splitMixRepeatsFromItsSeed() {
        var a = SplitMix64(seed: 7), b = SplitMix64(seed: 7), c = SplitMix64(seed: 8)
        let first = (0..<4).map { _ in a.next() }
        #expect(first == (0..<4).map { _ in b.next() })
        #expect(first != (0..<4).map { _ in c.next() })
        // SplitMix64's published first output for seed 0.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }
}
