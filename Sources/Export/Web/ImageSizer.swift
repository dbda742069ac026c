import PhotoPipeline

/// Makes the page's image files: each photo scaled and cropped from the centre to exactly the
/// box the page shows, as the app's aspect-fill draws it, upright and in sRGB, through the
/// photo pipeline's libvips (`CroppedJPEGWriter`, in this process).
public struct ImageSizer: Sendable {
    public init() {}

    /// JPEG quality: photos at cell size look as the app's do, at a tenth of PNG's bytes.
    public static let jpegQuality = 85

    /// Writes `source` cropped and scaled to `width`×`height` pixels as a JPEG at `destination`.
    public func write(source: String, to destination: String, width: Int, height: Int) throws(ExportError) {
        do {
            try CroppedJPEGWriter(quality: Self.jpegQuality).write(source: source, to: destination, width: width, height: height)
        } catch .photo(.decoderUnavailable(let why)) {
            throw ExportError("cannot make the page's images: \(why) (Debian package libvips42)")
        } catch {
            throw ExportError("cannot make an image from '\(source)': \(error)")
        }
    }
}

/// Why an export failed; `message` says what and where.
public struct ExportError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
