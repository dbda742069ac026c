/// A position or displacement in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The component along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .vertical ? y : x }
        set { if axis == .vertical { y = newValue } else { x = newValue } }
    }

    /// A point whose component along `axis` is `value` and whose other component is `cross`.
    public init(along axis: Axis, _ value: Double, cross: Double = 0) {
        self = axis == .vertical ? Point(x: cross, y: value) : Point(x: value, y: cross)
    }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    public var description: String { "(\(x), \(y))" }
}
