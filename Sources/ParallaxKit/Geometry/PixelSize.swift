/// A size in whole pixels (as opposed to the points of `Size`): a texture's, a decoded photo's, a frame read back, a video's.
/// `description` is the command line's form, WIDTHxHEIGHT.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}
