/// What each number means, in words shared by the table's footer and the JSON.
enum BenchDefinitions {
    static let strategyCost =
        "per frame: the time of the model's work only — delivering the frame's script events, Playground.advancePhysics and Playground.updateLayoutAndStrategy — timed with CLOCK_MONOTONIC around exactly that; playground construction and the layout's initial preparation are outside"
    static let strategyCostStatistic =
        "p50 and p99 over the frames of one replay of the bench script (fixed 60 fps step, 1280×800 points) in which the list moved — the frames a strategy works on; idle frames (the list at rest, more of them in short lists that hit their end) are in the JSON's all_frames_* — each a nearest-rank quantile through HdrHistogram (exact to the nanosecond below 2 µs, to 0.1 % above), then the median over the measured runs of each run's p50 and p99; one unmeasured warm-up replay per cell first; each round of measured runs goes over every cell in its own shuffled order, so drift and the aftermath of heavy cells spread over all of them"
    static let work =
        "attrs and cells per frame: means over the frames in which the content offset changed (StrategyWork.attributesComputed and cellsUpdated)"
    static let perItem =
        "ns per item (layout invalidation only): the median time of the frames that invalidated, divided by the item count"
    static let allocation =
        "heap allocations counted by ordo-one/malloc-interposer (every malloc, calloc, realloc and aligned allocation in the process: Swift objects, closure contexts, boxes, array/set/dictionary/string buffers and any C allocation alike); bytes are the sizes requested; mean per frame over one extra replay with counting on, whose times are not used"
    static let startupMethod =
        "the parent reads CLOCK_MONOTONIC just before spawning the window command as a user would start it (`parallax-playground --exit-when-sharp --exit-after 30 --stats-json FILE --no-vsync` with SDL_VIDEODRIVER=dummy: the software renderer, overlay on); the window's stats file carries CLOCK_MONOTONIC timestamps of its main entry, its first present and its first present in which every visible photo and cover was sharp, at which it quits; median over launches"
}
