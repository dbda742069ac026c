import Foundation
import ParallaxKit

/// How a photo without a texture looks: the tile of a photo whose colour is not known yet
/// (pulsing while it loads), and the tile of a file that cannot be shown. The executor draws
/// these as it is told; the choices are made here.
public enum PhotoTileStyle {
    /// What stands in for a photo whose colour is not known yet (a photo without an embedded
    /// thumbnail, on its first visit: its average colour comes with its decode, so until then
    /// nothing of its colour is known). A neutral lighter than the scenes' card colour: the card
    /// (32, 34, 42) against the background (18, 19, 24) is a contrast of 1.17 : 1 and read as an
    /// empty cell; this is 1.43 : 1 (WCAG relative luminance), a tile that is plainly there…
    public static let unknownColour = Color(r: 46, g: 49, b: 60)
    /// …brightening to this (1.9 : 1) and back while it loads, when the pulse is on, so it
    /// reads as loading rather than as a grey photo.
    static let loadingHighlight = Color(r: 70, g: 74, b: 90)

    /// The tile of a photo whose colour is unknown at `time`: the unknown colour, or with a
    /// pulse of `period` seconds a smooth swing between it and `loadingHighlight`.
    public static func loadingColour(at time: Double, period: Double) -> Color {
        guard period > 0, time.isFinite else { return unknownColour }
        let swing = 0.5 - 0.5 * cos(2 * Double.pi * time / period)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { (Double(a) + (Double(b) - Double(a)) * swing).clampedInteger(UInt8.self) }
        return Color(r: mix(unknownColour.r, loadingHighlight.r), g: mix(unknownColour.g, loadingHighlight.g),
                     b: mix(unknownColour.b, loadingHighlight.b))
    }
}

/// The tile of a file that cannot be shown: a fill, and three centred lines saying so, which
/// file, and why.
public struct CantShowTile: Sendable, Equatable {
    /// A dim red-grey, so it reads as a problem without shouting over the photos around it.
    public static let fill = Color(r: 58, g: 40, b: 44)
    public static let textColour = Color(r: 236, g: 200, b: 204)

    /// One line of the tile's text: centred on `origin.x`, its top at `origin.y`, in points.
    public struct Line: Sendable, Equatable {
        public var text: String
        public var origin: Point
        public var size: Double
    }

    /// The file's name and why it cannot be shown.
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// The lines laid out in `cell`: a 15-point heading 30 points above its middle, then the
    /// name (13) and the reason (11), 8 points apart.
    public func lines(in cell: Rect) -> [Line] {
        var lines: [Line] = []
        var y = cell.midY - 30
        for (text, size) in [("Can't show", 15.0), (name, 13.0), (reason, 11.0)] {
            lines.append(Line(text: text, origin: Point(x: cell.midX, y: y), size: size))
            y += size + 8
        }
        return lines
    }
}
