import Foundation

/// The font files text is drawn with.
public struct FontFiles: Hashable, Sendable {
    /// The font for scenes, labels and the overlay.
    public var regular: String

    public init(regular: String) {
        self.regular = regular
    }

    /// DejaVu Sans from Debian's fonts-dejavu-core package.
    public static let debianSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// `explicitPath` (the `--font` option) when given, otherwise DejaVu Sans.
    public static func locate(explicitPath: String? = nil) throws(SDLError) -> FontFiles {
        let regular = explicitPath ?? debianSans
        guard isReadable(regular) else { throw .fontNotFound(searched: [regular]) }
        return FontFiles(regular: regular)
    }

    private static func isReadable(_ path: String) -> Bool {
        FileManager.default.isReadableFile(atPath: path)
    }
}
