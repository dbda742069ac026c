/// A rectangle in whole texels of a texture (or whole pixels of the output): SDL2 takes a
/// copy's source, and a text texture's place, in whole units.
public struct TexelRect: Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
