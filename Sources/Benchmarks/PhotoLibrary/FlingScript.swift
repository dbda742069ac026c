/// The photo-library section's fling: two hard flicks two seconds apart, each let go at about
/// 25,000 points a second (200 points in 8 ms), so the list travels well over the 20,000
/// points the fling target asks for, then five seconds to come to rest and turn sharp.
enum FlingScript {
    static let text = """
        # Two hard flings through a photo folder (parallax-playground bench, photo-library).
        wait 1
        drag-begin 640 780
        wait 0.008
        drag-move 640 600
        wait 0.008
        drag-move 640 400
        wait 0.008
        drag-move 640 200
        drag-end
        wait 2
        drag-begin 640 780
        wait 0.008
        drag-move 640 600
        wait 0.008
        drag-move 640 400
        wait 0.008
        drag-move 640 200
        drag-end
        wait 5
        """
    /// How long the window runs it: the script and a margin.
    static let seconds = 9.5
    /// The least distance the fling must cover for its figures to count.
    static let requiredDistance = 20_000.0
}
