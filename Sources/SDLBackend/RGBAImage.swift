import CSDL2
import FileOutput
import ParallaxKit

/// Pixels in memory: 8-bit R, G, B, A bytes per pixel, in that order, rows top to bottom
/// without padding (SDL's `SDL_PIXELFORMAT_RGBA32`).
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

    /// Decodes a PNG or JPEG file.
    public static func load(path: String) throws(SDLError) -> RGBAImage {
        try Surface.load(path: path).rgbaImage()
    }

    /// Decodes a PNG or JPEG file shrunk (linearly, never enlarged) to fit the box `box` gives
    /// for its size as stored; that size too.
    public static func load(path: String, shrunkToFit box: (_ stored: PixelSize) -> PixelSize) throws(SDLError)
        -> (image: RGBAImage, stored: PixelSize)
    {
        let stored = try Surface.load(path: path)
        return (try stored.fitting(in: box(stored.size)).rgbaImage(), stored.size)
    }

    /// Decodes a PNG or JPEG held in memory.
    public static func decode(bytes: [UInt8]) throws(SDLError) -> RGBAImage {
        try Surface.load(bytes: bytes).rgbaImage()
    }

    /// Encodes the image as a PNG (with its alpha channel) into `file`'s temporary file; the
    /// caller commits it. For a command that must check its destination before the work.
    public func savePNG(to file: OutputFile) throws(SDLError) {
        guard let temporary = file.temporaryPath else {
            throw .failed(call: "IMG_SavePNG", message: "\(file.path) was not opened for a writer that needs a path")
        }
        try Surface(image: self).writePNG(toPath: temporary)
    }

    /// Writes the image as a PNG file at `path` by `OutputFile`'s rules (whole, links kept,
    /// streams written to, never replaced).
    public func savePNG(path: String) throws {
        let file = try OutputFile(path: path, producer: .path)
        try savePNG(to: file)
        try file.commit()
    }
}
