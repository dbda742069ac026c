import ParallaxKit

/// An 8-bit RGBA colour, straight (not premultiplied) alpha.
public struct PhotoColour: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The alpha-weighted mean of RGBA pixels (fully transparent pixels do not tint it);
    /// transparent black for an empty or wholly transparent buffer.
    public static func average(ofRGBA pixels: [UInt8]) -> PhotoColour { survey(ofRGBA: pixels).average }

    /// The mean colour of RGBA `pixels`, and whether every pixel is opaque (its alpha sum is
    /// 255 a pixel exactly), in one pass on the thread that decoded them.
    static func survey(ofRGBA pixels: [UInt8]) -> (average: PhotoColour, opaque: Bool) {
        var red = 0, green = 0, blue = 0, alpha = 0
        // Through a raw buffer: this runs over every pixel of every decode, and unchecked
        // reads keep it cheap even in a debug build.
        pixels.withUnsafeBufferPointer { bytes in
            guard let p = bytes.baseAddress else { return }
            var index = 0
            // Row sums stay far below Int.max: at most 255·255 per pixel and 500 MP per image.
            while index + 3 < bytes.count {
                let a = Int(p[index + 3])
                red += Int(p[index]) * a
                green += Int(p[index + 1]) * a
                blue += Int(p[index + 2]) * a
                alpha += a
                index += 4
            }
        }
        let count = pixels.count / 4
        guard alpha > 0, count > 0 else { return (PhotoColour(red: 0, green: 0, blue: 0, alpha: 0), count == 0) }
        func mean(_ sum: Int) -> UInt8 { UInt8(clamping: (sum + alpha / 2) / alpha) }
        return (PhotoColour(red: mean(red), green: mean(green), blue: mean(blue),
                            alpha: UInt8(clamping: (alpha + count / 2) / count)),
                alpha == 255 * count)
    }
}

/// Pixels decoded from a photo, upright and in sRGB, ready for a texture.
public struct DecodedPhoto: Sendable, CustomStringConvertible {
    /// Width and height of `pixels`.
    public let size: PixelSize
    /// RGBA, 8 bits a channel, straight alpha, rows top to bottom, `size.width * 4` bytes a
    /// row with no padding (SDL_PIXELFORMAT_ABGR8888 on a little-endian machine).
    public let pixels: [UInt8]
    /// The mean colour of `pixels`, for a placeholder while the photo loads.
    public let averageColour: PhotoColour
    /// Every pixel's alpha is 255 (nearly every photo): its texture draws without blending.
    /// Found with the average, on the decoding thread, not on the frame.
    public let isOpaque: Bool
    /// The header of the source file (its size as stored, orientation, date).
    public let source: PhotoHeader

    /// Bytes held by `pixels`.
    public var byteCount: Int { pixels.count }

    public init(size: PixelSize, pixels: [UInt8], source: PhotoHeader) {
        self.size = size
        self.pixels = pixels
        (averageColour, isOpaque) = PhotoColour.survey(ofRGBA: pixels)
        self.source = source
    }

    /// Size and average colour; never the pixels (test failures stay readable).
    public var description: String {
        let c = averageColour
        return "DecodedPhoto(\(size), average \(c.red),\(c.green),\(c.blue),\(c.alpha), "
            + "from \(source.width)×\(source.height) orientation \(source.orientation))"
    }

    /// The pixel at (x, y), or nil outside the image.
    public func pixel(x: Int, y: Int) -> PhotoColour? {
        guard (0..<size.width).contains(x), (0..<size.height).contains(y) else { return nil }
        let i = (y * size.width + x) * 4
        return PhotoColour(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2],
                           alpha: pixels[i + 3])
    }
}
