/// An sRGB colour with straight (not premultiplied) alpha.
public struct Color: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        var c = self
        c.a = (Double(a) * min(1, max(0, opacity))).clampedInteger(UInt8.self)
        return c
    }

    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
}

/// An image the backend has loaded, named by its place in the bundled sets (wrapping).
public enum ImageRef: Hashable, Sendable {
    case photo(Int)
    case cover(Int)
}

public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
}

/// One thing to draw, in viewport points (the backend scales to pixels).
public enum DrawCommand: Hashable, Sendable {
    case fill(Rect, Color)
    /// A one-pixel outline.
    case stroke(Rect, Color)
    case line(from: Point, to: Point, Color)
    /// The image scaled to cover `frame` (aspect fill, centred), showing only the part inside
    /// `clip`, at `opacity`.
    case image(ImageRef, frame: Rect, clip: Rect, opacity: Double)
    /// Text whose top edge is at `origin.y`; `origin.x` is its left, centre or right end as
    /// `alignment` says. `size` is the font size in points.
    case text(String, origin: Point, size: Double, color: Color, alignment: TextAlignment)
}

/// What to draw for one frame, in order; a pure value the backend executes.
public struct DrawList: Hashable, Sendable {
    public private(set) var commands: [DrawCommand] = []

    public init() {}

    public mutating func append(_ command: DrawCommand) { commands.append(command) }


    public mutating func fill(_ rect: Rect, _ color: Color) { commands.append(.fill(rect, color)) }

    public mutating func stroke(_ rect: Rect, _ color: Color) { commands.append(.stroke(rect, color)) }

    public mutating func line(from a: Point, to b: Point, _ color: Color) { commands.append(.line(from: a, to: b, color)) }

    public mutating func image(_ ref: ImageRef, frame: Rect, clip: Rect, opacity: Double = 1) {
        commands.append(.image(ref, frame: frame, clip: clip, opacity: opacity))
    }

    public mutating func text(_ string: String, at origin: Point, size: Double, color: Color, alignment: TextAlignment = .leading) {
        commands.append(.text(string, origin: origin, size: size, color: color, alignment: alignment))
    }

    public mutating func removeAll() { commands.removeAll(keepingCapacity: true) }

    public var isEmpty: Bool { commands.isEmpty }
}
