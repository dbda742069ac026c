/// A rectangle in output pixels with sub-pixel precision: where draw calls put things.
///
/// The backend's own type, so that no SDL struct appears in a public signature.
public struct PixelRect: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
