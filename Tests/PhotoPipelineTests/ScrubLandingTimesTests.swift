import ParallaxKit
import PhotoPipeline
import RunHarness
import Testing

/// `ScrubLandingTimes`: from where a drag of the scroll indicator left the list to its photos
/// shown and sharp, on a made-up clock (milliseconds as nanoseconds).
@Suite struct ScrubLandingTimesTests {
    private let ms: UInt64 = 1_000_000

    @Test func aLandingIsTimedFromTheLastMoveToShownAndToSharp() {
        var times = ScrubLandingTimes()
        // Passing over: each frame's move starts a landing afresh; nothing shows in time.
        times.note(scrubMoves: 1, moved: true, shown: false, sharp: false, at: 0)
        times.note(scrubMoves: 2, moved: true, shown: false, sharp: false, at: 16 * ms)
        times.note(scrubMoves: 3, moved: true, shown: false, sharp: false, at: 33 * ms)
        // Landed at 33 ms: previews by 100 ms, sharp by 250 ms.
        times.note(scrubMoves: 3, moved: false, shown: false, sharp: false, at: 60 * ms)
        times.note(scrubMoves: 3, moved: false, shown: true, sharp: false, at: 100 * ms)
        times.note(scrubMoves: 3, moved: false, shown: true, sharp: false, at: 200 * ms)
        times.note(scrubMoves: 3, moved: false, shown: true, sharp: true, at: 250 * ms)
        #expect(times.landings == [RunReport.ScrubLanding(preview_ms: 67, sharp_ms: 217)])
        // Nothing more is recorded until the thumb moves the list again.
        times.note(scrubMoves: 3, moved: false, shown: true, sharp: true, at: 300 * ms)
        #expect(times.landings.count == 1)
    }

    @Test func photosAlreadyThereLandInNoTime() {
        var times = ScrubLandingTimes()
        times.note(scrubMoves: 1, moved: true, shown: true, sharp: true, at: 40 * ms)
        #expect(times.landings == [RunReport.ScrubLanding(preview_ms: 0, sharp_ms: 0)])
    }

    @Test func otherMotionBeforeSharpDropsAShortLandingAndIsNoLandingItself() {
        var times = ScrubLandingTimes()
        times.note(scrubMoves: 1, moved: true, shown: false, sharp: false, at: 0)
        // A wheel moves the list 20 ms later, before the photos are sharp.
        times.note(scrubMoves: 1, moved: true, shown: false, sharp: false, at: 20 * ms)
        times.note(scrubMoves: 1, moved: false, shown: true, sharp: true, at: 90 * ms)
        #expect(times.landings.isEmpty)
    }

    @Test func aLandingLeftUnsharpAfterARestIsRecordedWithoutASharpTime() {
        var times = ScrubLandingTimes()
        times.note(scrubMoves: 1, moved: true, shown: false, sharp: false, at: 0)
        times.note(scrubMoves: 1, moved: false, shown: true, sharp: false, at: 180 * ms)
        // The thumb moves on at 400 ms: previewed at 180, never sharp.
        times.note(scrubMoves: 2, moved: true, shown: false, sharp: false, at: 400 * ms)
        #expect(times.landings == [RunReport.ScrubLanding(preview_ms: 180, sharp_ms: nil, left_after_ms: 400)])
        // A place passed in 16 ms is no landing.
        times.note(scrubMoves: 3, moved: true, shown: false, sharp: false, at: 416 * ms)
        #expect(times.landings.count == 1)
        // The next one ends sharp.
        times.note(scrubMoves: 3, moved: false, shown: true, sharp: true, at: 516 * ms)
        #expect(times.landings.last == RunReport.ScrubLanding(preview_ms: 100, sharp_ms: 100))
    }

    @Test func aSharpFrameWithoutAPreviewFirstCountsForBoth() {
        var times = ScrubLandingTimes()
        times.note(scrubMoves: 5, moved: true, shown: false, sharp: false, at: 10 * ms)
        times.note(scrubMoves: 5, moved: false, shown: true, sharp: true, at: 130 * ms)
        #expect(times.landings == [RunReport.ScrubLanding(preview_ms: 120, sharp_ms: 120)])
    }
}
