import ParallaxKit

/// How soon the photos where a drag of the scroll indicator left the list showed: from the
/// frame the list last moved under the thumb to the first frame with every visible photo
/// shown at any resolution (a preview counts), and to the first with every one sharp.
///
/// Each frame in which the thumb moved the list starts a landing afresh (the drag passed
/// over the one before); a landing ends sharp, or is dropped when the list moves again
/// before that.
public struct ScrubLandingTimes {
    /// Finished landings, in order.
    public private(set) var landings: [RunReport.ScrubLanding] = []
    /// Keeps the list bounded over a long run, as `PhotoTimes` does.
    public static let limit = 10_000
    private var landedAt: UInt64?
    private var previewMilliseconds: Double?
    private var scrubMovesSeen = 0

    public init() {}

    /// Called once a frame: `scrubMoves` is the scrubber's count of moves so far
    /// (`ScrollScrubber.moves`), `moved` whether the list moved this frame at all; `shown` and
    /// `sharp` whether every visible photo was shown, and sharp; `now` is CLOCK_MONOTONIC
    /// nanoseconds.
    public mutating func note(scrubMoves: Int, moved: Bool, shown: Bool, sharp: Bool, at now: UInt64) {
        if scrubMoves != scrubMovesSeen {
            scrubMovesSeen = scrubMoves
            landedAt = now
            previewMilliseconds = nil
        } else if moved {
            landedAt = nil
        }
        guard let landed = landedAt else { return }
        let elapsed = Double(now &- landed) / 1e6
        if shown && previewMilliseconds == nil { previewMilliseconds = elapsed }
        if sharp {
            if landings.count < Self.limit {
                landings.append(RunReport.ScrubLanding(preview_ms: previewMilliseconds ?? elapsed, sharp_ms: elapsed))
            }
            landedAt = nil
        }
    }
}
