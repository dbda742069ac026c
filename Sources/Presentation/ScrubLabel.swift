import ParallaxKit

/// The label beside the scroll indicator's thumb while it is held (`ScrollScrubber`): where
/// the list is, in the overlay's style (its opaque panel, its text colours). A folder's photo
/// is named by its file name (or the month it was taken, with dates), any other item by
/// its number; a second, dimmer line says how far through the list that is.
public enum ScrubLabel {
    static let titleSize = 16.0, detailSize = 12.0
    static let padding = 9.0, lineGap = 4.0
    /// Room either side of the text: more than above and below, since the width is only
    /// estimated ("September 2019" came out 4 pt from the edge at `padding`).
    static let sidePadding = 13.0
    /// Between the label and the held thumb, points.
    static let gap = 10.0
    /// The longest title drawn, in characters: a long file name is cut with an ellipsis so the
    /// label never crosses the window (names run to 255 bytes).
    static let longestTitle = 40

    /// The label's two lines for `playground` now, or nil while its thumb is not held.
    public static func lines(of playground: Playground) -> (title: String, detail: String)? {
        guard let item = playground.scrubbedItem else { return nil }
        let count = playground.itemCount
        let detail = NumberFormat.count(item + 1) + " of " + NumberFormat.count(count)
        return (title(ofItem: item, in: playground), detail)
    }

    /// What names item `item`: the album's number in the album row; a folder's photo by the
    /// month it was taken when dates are known, else its file name; the bundled photos (no
    /// names of their own: their titles repeat every twelve) by the item's number.
    static func title(ofItem item: Int, in playground: Playground) -> String {
        let number = NumberFormat.count(item + 1)
        if case .coverStack = playground.scene.cellStyle { return "Album " + number }
        let photos = playground.photos
        if photos == .bundled || photos.isEmpty { return "Item " + number }
        let photo = photos.photoIndex(ofItem: item)
        if let dates = playground.photoDates, photo < dates.count, let date = dates[photo] {
            return CivilDate(secondsSince1970: date).monthAndYear
        }
        let name = photos.title(ofItem: item)
        if name.isEmpty { return "Item " + number }
        return name.count > longestTitle ? String(name.prefix(longestTitle - 1)) + "…" : name
    }

    /// The label's rectangle for lines of these lengths beside `thumb` in a viewport of
    /// `viewport`: inside the thumb's side of the list, centred on the thumb, kept inside the
    /// viewport and below `avoiding` (the fps badge or panel) where it would cover it.
    static func frame(titleLength: Int, detailLength: Int, thumb: Rect, axis: Axis, viewport: Size, avoiding: Rect?) -> Rect {
        // Sized as the toast's pill is: by DejaVu Sans' average advance.
        let textWidth = max(Double(titleLength) * titleSize, Double(detailLength) * detailSize) * Toast.averageAdvance
        let width = min(textWidth + 2 * sidePadding, max(0, viewport.width - 2 * gap))
        let height = titleSize + lineGap + detailSize + 2 * padding
        var x: Double, y: Double
        if axis == .vertical {
            x = thumb.minX - gap - width
            y = thumb.midY - height / 2
        } else {
            x = thumb.midX - width / 2
            y = thumb.minY - gap - height
        }
        x = min(max(x, gap), max(gap, viewport.width - gap - width))
        y = min(max(y, gap), max(gap, viewport.height - gap - height))
        var frame = Rect(x: x, y: y, width: width, height: height)
        if let avoiding, frame.intersects(avoiding) {
            frame = Rect(x: x, y: avoiding.maxY + gap, width: width, height: height)
        }
        return frame
    }

    /// Draws the label while the thumb is held (nothing otherwise).
    public static func draw(_ playground: Playground, avoiding overlay: Rect?, into list: inout DrawList) {
        guard let lines = lines(of: playground),
              let thumb = ScrollIndicator.thumb(for: playground.scrollView, thickness: ScrollScrubber.grabbedThickness)
        else { return }
        let box = frame(titleLength: lines.title.count, detailLength: lines.detail.count, thumb: thumb,
                        axis: playground.scene.axis, viewport: playground.viewportSize, avoiding: overlay)
        list.fill(box, OverlayRenderer.panel)
        // Right-aligned against the thumb's side: an estimated width that is off shows as
        // room at the far side, never as text running into the thumb.
        let right = box.maxX - sidePadding
        list.text(lines.title, at: Point(x: right, y: box.minY + padding), size: titleSize, color: OverlayRenderer.text,
                  alignment: .trailing)
        list.text(lines.detail, at: Point(x: right, y: box.minY + padding + titleSize + lineGap), size: detailSize,
                  color: OverlayRenderer.dim, alignment: .trailing)
    }
}
