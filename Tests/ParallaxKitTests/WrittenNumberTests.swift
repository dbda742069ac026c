import ParallaxKit
import RunHarness
import Testing

/// A number as a person writes it: the one writer behind the options' bounds, presets,
/// traces, the ffmpeg rate and the exported constants.
@Suite struct WrittenNumberTests {
    @Test(arguments: [
        (2000.0, "2000", "2000.0"),
        (0.9999, "0.9999", "0.9999"),
        (-12.5, "-12.5", "-12.5"),
        (-0.0, "0", "0.0"),
        (999_999_999_999_999.0, "999999999999999", "999999999999999.0"),
        // From 1e15 up a whole number is written as Swift writes a Double.
        (1e15, "1000000000000000.0", "1000000000000000.0"),
        (1e16, "1e+16", "1e+16"),
        (-1e300, "-1e+300", "-1e+300"),
        (Double.infinity, "inf", "inf"),
        (-Double.infinity, "-inf", "-inf"),
        (Double.nan, "nan", "nan"),
    ])
    func eachValueIsWrittenOnce(value: Double, plain: String, withPoint: String) {
        #expect(value.written() == plain)
        #expect(value.written(pointOnWholeNumbers: true) == withPoint)
    }

    /// The copies that wrote numbers before go through it, their limits included: an infinite
    /// bound reads "inf", not a trap or Int.max.
    @Test func theCallersWriteThroughIt() {
        #expect(KnobDescriptor.number(.infinity) == "inf")
        #expect(TraceWriter.format(-0.0) == "0")
        #expect(TraceWriter.format(.infinity) == "inf")
    }
}
