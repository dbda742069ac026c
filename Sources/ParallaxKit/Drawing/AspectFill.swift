/// The source and destination rectangles that draw an image aspect-filled into a frame and
/// clipped, without a clip rectangle on the renderer: cropping the source keeps each draw a
/// single textured quad (cheapest for SDL's software renderer too).
public enum AspectFill {
    /// `imageSize` in pixels, `frame` and `clip` in any one coordinate space. Returns nil when
    /// nothing of the frame is inside the clip or the image is empty.
    public static func crop(imageSize: Size, frame: Rect, clip: Rect) -> (source: Rect, destination: Rect)? {
        guard imageSize.width > 0, imageSize.height > 0, frame.width > 0, frame.height > 0,
              let visible = frame.intersection(clip)
        else { return nil }
        // Scale so the image covers the frame, then centre the frame over the scaled image.
        let scale = max(frame.width / imageSize.width, frame.height / imageSize.height)
        let coveredWidth = frame.width / scale
        let coveredHeight = frame.height / scale
        let sourceOriginX = (imageSize.width - coveredWidth) / 2
        let sourceOriginY = (imageSize.height - coveredHeight) / 2
        let source = Rect(
            x: sourceOriginX + (visible.minX - frame.minX) / scale,
            y: sourceOriginY + (visible.minY - frame.minY) / scale,
            width: visible.width / scale, height: visible.height / scale)
        return (source, visible)
    }
}
