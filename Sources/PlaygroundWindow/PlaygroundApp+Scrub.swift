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

extension PlaygroundApp {
    /// Hands each pane where the pointer hovers over it, in its own coordinates, so its
    /// scroll indicator shows as the pointer nears the scrolling edge and widens over the
    /// thumb (`ScrollIndicator.reach`). Over the tuning panel, or outside the window, no
    /// pane has it.
    func handPointerToPanes() {
        let over = pointer.flatMap { p in tuningFrame?.contains(p) == true ? nil : p }
        for (pane, rect) in zip(panes.panes, panes.paneRects) {
            pane.composer.pointer = over.flatMap { p in
                rect.contains(p) ? Point(x: p.x - rect.minX, y: p.y - rect.minY) : nil
            }
        }
    }
}
