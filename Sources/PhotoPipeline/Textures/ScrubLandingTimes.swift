import ParallaxKit
import RunHarness

/// How soon the photos where a drag of the scroll indicator left the list showed: from the
/// frame the list last moved under the thumb to the first frame with every visible photo
/// shown at any resolution (a preview counts), and to the first with every one sharp.
///
/// Each frame in which the thumb moved the list starts a landing afresh (the drag passed
/// over the one before). A landing ends sharp; one the list leaves before that is recorded
/// too, without a sharp time, when it stayed at least `restBeforeLeaving` (so a slow landing
/// is not left out of the figures for being slow), and is otherwise a place the drag passed.
public struct ScrubLandingTimes {
    /// Landings, in order.
    public private(set) var landings: [RunReport.ScrubLanding] = []
    /// Keeps the list bounded over a long run, as `PhotoTimes` does.
    public static let limit = 10_000
    /// How long the list must stay for a landing left unsharp to count, in nanoseconds:
    /// a quarter second, about a person's visual reaction time, so a hand that paused to look
    /// counts and the frames of a moving drag (a move every frame) do not.
    public static let restBeforeLeaving: UInt64 = 250_000_000
    private var landedAt: UInt64?
    private var previewMilliseconds: Double?
    private var scrubMovesSeen = 0

    public init() {}

    /// Called once a frame: `scrubMoves` is the scrubber's count of moves so far
    /// (`ScrollScrubber.moves`), `moved` whether the list moved this frame at all; `shown` and
    /// `sharp` whether every visible photo was shown, and sharp; `now` is CLOCK_MONOTONIC
    /// nanoseconds.
    public mutating func note(scrubMoves: Int, moved: Bool, shown: Bool, sharp: Bool, at now: UInt64) {
        if scrubMoves != scrubMovesSeen || moved {
            if let landed = landedAt, now &- landed >= Self.restBeforeLeaving {
                record(RunReport.ScrubLanding(preview_ms: previewMilliseconds, sharp_ms: nil,
                                              left_after_ms: Double(now &- landed) / 1e6))
            }
            landedAt = nil
        }
        if scrubMoves != scrubMovesSeen {
            scrubMovesSeen = scrubMoves
            landedAt = now
            previewMilliseconds = nil
        }
        guard let landed = landedAt else { return }
        let elapsed = Double(now &- landed) / 1e6
        if shown && previewMilliseconds == nil { previewMilliseconds = elapsed }
        if sharp {
            record(RunReport.ScrubLanding(preview_ms: previewMilliseconds ?? elapsed, sharp_ms: elapsed))
            landedAt = nil
        }
    }

    private mutating func record(_ landing: RunReport.ScrubLanding) {
        if landings.count < Self.limit { landings.append(landing) }
    }
}
