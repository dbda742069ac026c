import ParallaxKit
import Testing
@testable import SDLBackend

/// A slider's value written beside its grab, never over it.
@Suite struct SliderValueTextTests {
    /// The panel's slider frame: 240 points from x 20, a 10-point grab.
    static let frame = Rect(x: 20, y: 0, width: 240, height: 20)
    static let grab = 10.0

    @Test func theValueClearsTheGrabWhereverTheGrabIs() {
        let text = 85.0  // "auto: 413 pt" in the panel's font
        for step in 0...20 {
            let centre = SliderValueText.grabCentre(frame: Self.frame, grabWidth: Self.grab, fraction: Double(step) / 20)
            let x = SliderValueText.textX(frame: Self.frame, grabCentre: centre, grabWidth: Self.grab, textWidth: text)
            let clear = x + text <= centre - Self.grab / 2 || x >= centre + Self.grab / 2
            #expect(clear, "grab at \(centre): text from \(x) to \(x + text)")
            #expect(x >= Self.frame.minX && x + text <= Self.frame.maxX)
        }
    }

    @Test func theGrabSitsWhereImGuiPutsIt() {
        // 2 pt of padding, then the grab's half, then the fraction of the 226 points left.
        #expect(SliderValueText.grabCentre(frame: Self.frame, grabWidth: Self.grab, fraction: 0) == 27)
        #expect(SliderValueText.grabCentre(frame: Self.frame, grabWidth: Self.grab, fraction: 1) == 253)
        #expect(SliderValueText.fraction(of: 413, in: 40...1200, logarithmic: false, precision: 0) == 373.0 / 1160)
        // Logarithmic from 0 with "%.0f": the scale starts at 1.
        #expect(abs(SliderValueText.fraction(of: 1000, in: 0...1_000_000, logarithmic: true, precision: 0) - 0.5) < 1e-12)
        #expect(SliderValueText.fraction(of: 0, in: 0...1_000_000, logarithmic: true, precision: 0) == 0)
        #expect(SliderValueText.precision(of: "auto: %.1f pt") == 1)
        #expect(SliderValueText.precision(of: "%.4f") == 4)
        #expect(SliderValueText.precision(of: "%g") == 3)
    }

    @Test func aValueTooWideForEitherSideIsCentredOverTheFrame() {
        let centre = SliderValueText.grabCentre(frame: Self.frame, grabWidth: Self.grab, fraction: 0.5)
        let x = SliderValueText.textX(frame: Self.frame, grabCentre: centre, grabWidth: Self.grab, textWidth: 200)
        #expect(x == Self.frame.midX - 100)
    }
}
