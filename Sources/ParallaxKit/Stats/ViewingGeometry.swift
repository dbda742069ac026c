import RealModule

/// Where a viewer sits: how far the eyes are from the screen and how many of its pixels make
/// an inch. It turns the motion meter's points per second into degrees of visual angle per
/// second, the unit in which studies of visually induced motion speak.
///
/// Two knobs set it (`--viewing-distance`, `--display-density`, their preset keys and `set`
/// lines). The screen is given by its pixel density rather than its diagonal: the density is
/// printed on every display's data sheet and holds whatever size the window has, where a
/// diagonal would need the window to fill the screen.
///
/// The default is a 14-inch 16:10 laptop of 1280×800 pixels (√(1280² + 800²) / 14 ≈ 107.8
/// pixels per inch), seen from 50 cm, an arm's length at a desk. No published threshold for UI
/// parallax rests on it: it makes runs and panes comparable in one unit, it does not judge them.
public struct ViewingGeometry: Hashable, Sendable, Codable {
    public var distanceCentimetres: Double
    public var pixelsPerInch: Double

    public static let laptop = ViewingGeometry(distanceCentimetres: 50, pixelsPerInch: (1280.0 * 1280 + 800 * 800).squareRoot() / 14)

    public init(distanceCentimetres: Double, pixelsPerInch: Double) {
        self.distanceCentimetres = distanceCentimetres
        self.pixelsPerInch = pixelsPerInch
    }

    /// The visual angle, in degrees, of `points` seen at the centre of the screen, each point
    /// `pixelsPerPoint` of the screen's pixels: 2·atan(s / 2D), with s the length on the screen.
    public func degrees(points: Double, pixelsPerPoint: Double = 1) -> Double {
        let centimetres = abs(points) * pixelsPerPoint / pixelsPerInch * 2.54
        guard distanceCentimetres > 0, centimetres.isFinite else { return 0 }
        return 2 * Double.atan(centimetres / (2 * distanceCentimetres)) * 180 / Double.pi
    }

    /// How far the eyes are from the screen. 10 cm is a phone held as close as eyes still
    /// focus (a child's near point); 300 cm a television across a room. Anything else is a
    /// typing slip.
    public static let distanceKnob = KnobDescriptor(
        name: "viewing-distance", range: 10...300, unit: "cm",
        meaning: "How far the viewer's eyes are from the screen, for the motion meter's degrees per second",
        defaultValue: "50 (an arm's length at a desk)", valueName: "cm", sliderRange: 25...150, sliderFormat: "%.0f cm")

    /// The screen's pixels per inch. 30 is a 73-inch 1080p television (30.2); 1000 is past
    /// any phone (the densest shipped, Sony's Xperia Z5 Premium, has 806).
    public static let densityKnob = KnobDescriptor(
        name: "display-density", range: 30...1000, unit: "pixels per inch",
        meaning: "The screen's pixels per inch, for the motion meter's degrees per second",
        defaultValue: "107.8 (a 14-inch 1280x800 laptop screen)", valueName: "ppi", sliderRange: 60...500, sliderFormat: "%.0f ppi")

    /// The geometry with one knob set (clamped to its range; not a number: unchanged).
    public func setting(_ knob: KnobDescriptor, to value: Double) -> ViewingGeometry {
        guard value.isFinite else { return self }
        let clamped = min(max(value, knob.range.lowerBound), knob.range.upperBound)
        var geometry = self
        if knob == Self.distanceKnob { geometry.distanceCentimetres = clamped } else if knob == Self.densityKnob { geometry.pixelsPerInch = clamped }
        return geometry
    }
}
