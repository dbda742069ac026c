import ParallaxKit

/// The help panel (H): the keys and what they do, centred, clear of the overlay.
extension OverlayRenderer {
    /// Where the help panel goes in a viewport of `viewportSize`: centred, moved down below
    /// `avoiding` (the overlay's frame) when it would overlap it, and never past the bottom
    /// when the viewport has room.
    public static func helpFrame(viewportSize: Size, avoiding overlay: Rect?) -> Rect {
        let lines = Double(KeyHelp.lines.count)
        let w = max(0, min(700.0, viewportSize.width - 24))
        let h = 64 + lines * 24
        var panel = Rect(x: (viewportSize.width - w) / 2, y: max(12, (viewportSize.height - h) / 2), width: w, height: h)
        if let overlay, panel.intersects(overlay) {
            panel = Rect(x: panel.minX, y: overlay.maxY + 12, width: w, height: h)
        }
        return panel
    }

    /// Draws the help panel, keeping clear of the overlay's frame `avoiding`.
    public func drawHelp(viewportSize: Size, avoiding overlay: Rect? = nil, into list: inout DrawList) {
        let panel = Self.helpFrame(viewportSize: viewportSize, avoiding: overlay)
        // As opaque as the fps panel, for the same reason: photos behind it crossed its text.
        list.fill(panel, Self.panel)
        list.text("Parallax Playground — keys", at: Point(x: panel.minX + 20, y: panel.minY + 16), size: 20, color: Self.text)
        var y = panel.minY + 52
        for (keys, action) in KeyHelp.lines {
            list.text(keys, at: Point(x: panel.minX + 20, y: y), size: 14, color: Self.budget60)
            list.text(action, at: Point(x: panel.minX + 230, y: y), size: 14, color: Self.text)
            y += 24
        }
    }
}
