import ParallaxKit

/// The window's sign that R is recording: a red dot and the elapsed time on a dark pill in
/// the bottom-left corner, clear of the overlay (top-right) and the help (centred). The window
/// draws it after the frame is captured, so the video shows the scene, not the badge.
public enum RecordingBadge {
    /// The conventional recording red (the dot of camera and screen-recorder apps).
    static let red = Color(r: 230, g: 57, b: 53)
    static let textSize = 14.0
    static let inset = 12.0

    /// The pill's rectangle in a viewport of `viewportSize` points.
    public static func frame(viewportSize: Size) -> Rect {
        let height = textSize + 14
        return Rect(x: inset, y: viewportSize.height - inset - height, width: 96, height: height)
    }

    /// "● REC m:ss" for a recording `elapsedSeconds` long.
    public static func draw(elapsedSeconds: Double, viewportSize: Size, into list: inout DrawList) {
        let pill = frame(viewportSize: viewportSize)
        list.fill(pill, SceneRenderer.Palette.bar)
        let textY = pill.minY + (pill.height - textSize) / 2 - 1
        list.append(.text("●", origin: Point(x: pill.minX + 10, y: textY), size: textSize, color: red, alignment: .leading))
        list.append(.text("REC " + elapsed(elapsedSeconds), origin: Point(x: pill.minX + 28, y: textY), size: textSize,
                          color: SceneRenderer.Palette.title, alignment: .leading))
    }

    /// Minutes and seconds, e.g. "0:07", "12:30"; negative or unknown times read 0:00.
    static func elapsed(_ seconds: Double) -> String {
        let whole: Int = seconds.isFinite ? max(0, seconds.clampedInteger(rounding: .towardZero)) : 0
        let remainder = whole % 60
        return "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
