import ParallaxKit

/// Where panes sit on a surface: side by side, each a whole number of points wide and the
/// surface's full height, left to right; what the division leaves over stays background on
/// the right. One pane is the whole surface.
public enum PaneLayout {
    public static func frames(count: Int, in surface: Size) -> [Rect] {
        let n = max(1, count)
        if n == 1 { return [Rect(x: 0, y: 0, width: surface.width, height: surface.height)] }
        let width = (surface.width / Double(n)).rounded(.down)
        return (0..<n).map { Rect(x: Double($0) * width, y: 0, width: width, height: surface.height) }
    }
}
