import ParallaxKit

/// Pixels decoded from a photo, upright and in sRGB, ready for a texture.
public struct DecodedPhoto: Sendable, CustomStringConvertible {
    /// The pixels: RGBA, 8 bits a channel, straight alpha, rows top to bottom without padding.
    public let image: RGBAImage
    /// The mean colour of `image`, for a placeholder while the photo loads.
    public let averageColour: Color
    /// Every pixel's alpha is 255 (nearly every photo): its texture draws without blending.
    /// Found with the average, on the decoding thread, not on the frame.
    public let isOpaque: Bool
    /// The header of the source file (its size as stored, orientation, date).
    public let source: PhotoHeader

    /// Width and height of `image`.
    public var size: PixelSize { image.size }

    /// Bytes held by `image`.
    public var byteCount: Int { image.bytes.count }

    public init(image: RGBAImage, source: PhotoHeader) {
        self.image = image
        (averageColour, isOpaque) = Color.survey(ofRGBA: image.bytes)
        self.source = source
    }

    /// Size and average colour; never the pixels (test failures stay readable).
    public var description: String {
        let c = averageColour
        return "DecodedPhoto(\(size), average \(c.r),\(c.g),\(c.b),\(c.a), "
            + "from \(source.width)×\(source.height) orientation \(source.orientation))"
    }
}

extension Color {
    /// The mean colour of RGBA `pixels`, and whether every pixel is opaque (its alpha sum is
    /// 255 a pixel exactly), in one pass on the thread that decoded them.
    static func survey(ofRGBA pixels: [UInt8]) -> (average: Color, opaque: Bool) {
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
        guard alpha > 0, count > 0 else { return (Color(r: 0, g: 0, b: 0, a: 0), count == 0) }
        func mean(_ sum: Int) -> UInt8 { UInt8(clamping: (sum + alpha / 2) / alpha) }
        return (Color(r: mean(red), g: mean(green), b: mean(blue), a: UInt8(clamping: (alpha + count / 2) / count)),
                alpha == 255 * count)
    }
}
