import ParallaxKit
import SDLBackend

/// How long the visible photos took to turn sharp each time scrolling came to rest: the
/// figure prefetching at the predicted rest point exists to shrink.
struct PhotoTimes {
    /// Milliseconds from each rest to the first frame with every visible photo sharp (0 when
    /// they already were), in order.
    private(set) var restToSharpMilliseconds: [Double] = []
    /// Keeps the list bounded over a long run: enough rests for any benchmark.
    static let limit = 10_000
    private var restedAt: UInt64?
    private var wasMoving = false

    /// Called once a frame with whether the content moved, whether it is at rest, and
    /// whether every visible photo is sharp, at `now` (CLOCK_MONOTONIC nanoseconds).
    mutating func note(moved: Bool, resting: Bool, sharp: Bool, at now: UInt64) {
        if moved || !resting {
            wasMoving = true
            restedAt = nil
            return
        }
        if wasMoving {
            wasMoving = false
            restedAt = now
        }
        if let rested = restedAt, sharp {
            if restToSharpMilliseconds.count < Self.limit {
                restToSharpMilliseconds.append(Double(now - rested) / 1e6)
            }
            restedAt = nil
        }
    }
}

extension RunReport.Photos {
    /// The photo pipeline's part of `--stats-json`, from its counters and the run's times.
    init(_ counters: PhotoTextures.Counters, times: PhotoTimes, firstScreen: [ScreenPhoto]) {
        self.init(textures_held: counters.texturesHeld, texture_bytes_held: counters.bytesHeld, uploads: counters.uploads,
                  failures: counters.failures, visible_hit_rate: counters.hitRate,
                  rest_to_sharp_ms: times.restToSharpMilliseconds, first_screen: firstScreen)
    }
}
