/// Where panes sit on a surface: side by side, each a whole number of points wide and the
/// surface's full height, left to right; what the division leaves over stays background on
/// the right. One pane is the whole surface. The one place pane widths are worked out: the
/// window's panes, `shot`'s canvas and `record`'s frame all come from here.
public enum PaneLayout {
    public static func frames(count: Int, in surface: Size) -> [Rect] {
        let n = max(1, count)
        if n == 1 { return [Rect(x: 0, y: 0, width: surface.width, height: surface.height)] }
        let width = paneWidth(count: n, surfaceWidth: surface.width)
        return (0..<n).map { Rect(x: Double($0) * width, y: 0, width: width, height: surface.height) }
    }

    /// The width of each of `count` panes on a surface `surfaceWidth` wide: whole points,
    /// rounded down.
    public static func paneWidth(count: Int, surfaceWidth: Double) -> Double {
        (surfaceWidth / Double(max(1, count))).rounded(.down)
    }

    /// The surface that holds `count` panes of whole pixels side by side, for a canvas or a
    /// video frame asked to be `size`: as wide as the panes together (what the division
    /// leaves over is dropped, so a video has no dead band). Nil when a pane would be less
    /// than one pixel wide.
    public static func wholePixelSurface(count: Int, size: Size) -> Size? {
        guard count > 1 else { return size }
        let width = paneWidth(count: count, surfaceWidth: size.width)
        guard width >= 1 else { return nil }
        return Size(width: width * Double(count), height: size.height)
    }

    /// What to say when `wholePixelSurface` is nil.
    public static func tooNarrowMessage(count: Int) -> String {
        "--compare with \(count) panes needs a width of at least \(count)"
    }
}
