import ParallaxKit

/// A scroll view over 10,000 pt of content in an 800 pt viewport (1280 pt wide).
func makeScrollView(bounces: Bool = true, axis: Axis = .vertical, insets: EdgeInsets = .zero) -> ScrollView {
    let viewport = Size(width: 1280, height: 800)
    let content = axis == .vertical ? Size(width: 1280, height: 10_000) : Size(width: 10_000, height: 800)
    return ScrollView(axis: axis, viewportSize: viewport, contentSize: content, contentInsets: insets, bounces: bounces)
}

/// Ticks at 60 Hz from `start` until the scroll view is idle, for at most 30 s.
func runToRest(_ sv: ScrollView, from start: Double) {
    var t = start
    while sv.phase != .idle && t < start + 30 {
        t += 1.0 / 60
        sv.tick(at: t)
    }
}
