/// A point in output pixels with sub-pixel precision: a line's ends.
public struct PixelPoint: Hashable, Sendable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}
