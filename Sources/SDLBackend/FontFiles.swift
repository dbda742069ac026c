import Foundation

/// The font files text is drawn with.
public struct FontFiles: Hashable, Sendable {
    /// The proportional font for scenes and labels.
    public var regular: String
    /// A monospaced font for tables of numbers (the stats overlay), when one is installed.
    public var mono: String?

    public init(regular: String, mono: String?) {
        self.regular = regular
        self.mono = mono
    }

    /// DejaVu Sans from Debian's fonts-dejavu-core package.
    public static let debianSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans Mono, from the same package.
    public static let debianMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    /// `explicitPath` (the `--font` option) when given, otherwise DejaVu Sans; the mono font is
    /// DejaVu Sans Mono if it is installed.
    public static func locate(explicitPath: String? = nil) throws(SDLError) -> FontFiles {
        let regular = explicitPath ?? debianSans
        guard isReadable(regular) else { throw .fontNotFound(searched: [regular]) }
        return FontFiles(regular: regular, mono: isReadable(debianMono) ? debianMono : nil)
    }

    private static func isReadable(_ path: String) -> Bool {
        FileManager.default.isReadableFile(atPath: path)
    }
}
