import CSDL2
import FileOutput
import ParallaxKit

/// An image to and from files, through SDL_image: PNG and JPEG decoded, PNG written.
extension RGBAImage {
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
