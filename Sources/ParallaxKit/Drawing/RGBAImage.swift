/// Pixels in memory: 8-bit R, G, B, A bytes per pixel, in that order, straight alpha, rows
/// top to bottom without padding (SDL's `SDL_PIXELFORMAT_RGBA32`). The one image type: a
/// decoded photo's pixels, a frame read back, a generated image.
public struct RGBAImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height * 4,
                     "RGBAImage needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, color: Color) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for _ in 0..<width * height {
            bytes.append(color.r)
            bytes.append(color.g)
            bytes.append(color.b)
            bytes.append(color.a)
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    public subscript(x: Int, y: Int) -> Color {
        get {
            let i = (y * width + x) * 4
            return Color(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    /// The pixel at (x, y), or nil outside the image.
    public func pixel(x: Int, y: Int) -> Color? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return self[x, y]
    }
}
