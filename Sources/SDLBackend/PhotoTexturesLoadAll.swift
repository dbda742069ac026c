import Foundation
import ParallaxKit
import PhotoPipeline

extension PhotoTextures {
    /// Blocks until every photo of `needs` is sharp or failed (or `timeout` seconds pass),
    /// updating as a frame would; for files rendered from a command, which must not depend on
    /// how fast the machine decoded. True if everything arrived.
    @discardableResult
    public func loadAll(_ needs: [PhotoNeed], scale: Double, timeout: Double) -> Bool {
        let visible = needs.map { PhotoNeed(photo: $0.photo, size: $0.size, urgency: .visible) }
        let start = monotonicNanoseconds()
        let saved = settings
        settings.uploadBudgetSeconds = .infinity
        defer { settings = saved }
        let uploadsBefore = counters.uploads
        while true {
            update(needs: visible, scale: scale, now: now)
            if visibleAreSharp { return true }
            // More uploads than photos means the cache evicts what it just loaded: it cannot
            // hold them all, and waiting longer would only go round.
            if counters.uploads - uploadsBefore > 2 * needs.count + 8 { return false }
            if Double(monotonicNanoseconds() - start) / 1e9 > timeout { return false }
            usleep(2_000)
        }
    }
}
