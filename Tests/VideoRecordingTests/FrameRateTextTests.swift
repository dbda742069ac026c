import Testing
import VideoRecording

/// The frame rate as ffmpeg and the messages read it.
@Suite struct FrameRateTextTests {
    @Test func wholeRatesHaveNoFractionAndNoRateBecomesAnInteger() {
        #expect(VideoEncoder.rate(30) == "30")
        #expect(VideoEncoder.rate(29.97) == "29.97")
        // Clamped to Int.max ("9223372036854775807") once: a rate that is no number says so.
        #expect(VideoEncoder.rate(.infinity) == "inf")
    }
}
