import Foundation
import MonotonicTime
import ParallaxKit
import PhotoPipeline
import SDLBackend

extension PlaygroundApp {
    /// Times the photos where a drag of the scroll indicator landed (`--stats-json`'s
    /// `scrub_landings`): called once a frame, after the frame's photos were drawn, when the
    /// photo pipeline's counters say what the visible cells showed.
    func noteScrubLanding(_ frame: FrameReport) {
        guard let counters = executor.images.pipeline?.counters else { return }
        runStatistics.scrubLandings.note(
            scrubMoves: playground.scrubber.moves, moved: frame.moved, shown: counters.visibleShown == counters.visibleNeeded,
            sharp: counters.visibleSharp == counters.visibleNeeded, at: monotonicNanoseconds())
    }
}
