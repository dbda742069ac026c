import ParallaxKit
import SDLBackend

/// How two rendered frames differ, for checking that the bare loop drew what the app drew.
enum PixelComparison {
    /// Pixels whose red, green or blue differ (alpha is ignored: frames on screen are opaque);
    /// every pixel of the larger image when the sizes differ.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
        var differing = 0
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                var i = 0
                while i < x.count {
                    if x[i] != y[i] || x[i + 1] != y[i + 1] || x[i + 2] != y[i + 2] { differing += 1 }
                    i += 4
                }
            }
        }
        return differing
    }
}
