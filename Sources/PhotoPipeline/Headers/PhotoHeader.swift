import CVips
import Foundation

/// A photo's size, EXIF orientation and date, read from its header without decoding pixels.
public struct PhotoHeader: Sendable, Equatable {
    /// Largest side accepted, in pixels. Bigger is not a photo a person browses (the largest
    /// camera sensors are near 20,000 px wide) and risks libvips allocating without bound.
    public static let maxSide = 100_000
    /// Largest area accepted: 500 megapixels, several times any camera's.
    public static let maxPixels = 500_000_000

    /// Stored width in pixels, before any EXIF rotation.
    public let width: Int
    /// Stored height in pixels, before any EXIF rotation.
    public let height: Int
    /// EXIF orientation 1–8 (1 when the file has none or an out-of-range value).
    public let orientation: Int
    /// The file's format, from its first bytes.
    public let format: PhotoFormat
    /// Whether the file embeds an ICC colour profile.
    public let hasColourProfile: Bool
    /// EXIF DateTimeOriginal, when present and valid, as a point in time.
    public let dateTaken: Date?

    /// Makes a header from known values; `orientation` outside 1–8 is taken as 1.
    public init(width: Int, height: Int, orientation: Int = 1, format: PhotoFormat = .jpeg,
                hasColourProfile: Bool = false, dateTaken: Date? = nil) {
        self.width = width
        self.height = height
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        self.format = format
        self.hasColourProfile = hasColourProfile
        self.dateTaken = dateTaken
    }

    /// Whether the photo is shown turned a quarter: EXIF orientations 5–8 (transpose, rotate
    /// 90° clockwise, transverse, rotate 270°) swap width and height.
    public var swapsSides: Bool { orientation >= 5 }
    /// Width as shown upright.
    public var displayedWidth: Int { swapsSides ? height : width }
    /// Height as shown upright.
    public var displayedHeight: Int { swapsSides ? width : height }

    /// Reads the header of the file at `path`. libvips opens lazily: this parses the header
    /// and metadata only, never the pixel data.
    public static func read(path: String) throws(PhotoProblem) -> PhotoHeader {
        let facts = try checkFile(path)
        return try read(path: path, facts: facts)
    }

    static func read(path: String, facts: FileFacts) throws(PhotoProblem) -> PhotoHeader {
        let sniffed = PhotoFormat.sniff(facts.leadingBytes)
        // JPEG, PNG and HEIF headers are read in Swift: a folder's first screen of headers,
        // read while the window waits for its first frame, then does not load libvips.
        // (A HEIF on a libvips without its loader is named when it is decoded.)
        if let sniffed, let quick = QuickHeader.read(path: path, format: sniffed, byteCount: facts.byteCount) { return quick }
        return try readWithLibvips(path: path, facts: facts, sniffed: sniffed)
    }

    /// The header as libvips reads it (every format; what `QuickHeader` must agree with).
    static func readWithLibvips(path: String, facts: FileFacts, sniffed: PhotoFormat?) throws(PhotoProblem) -> PhotoHeader {
        if let why = Vips.unavailableReason { throw .decoderUnavailable(why) }
        // A HEIC or AVIF file on a libvips built without its HEIF loader: said so, where
        // asking libvips' other loaders would only call it "not an image".
        if let sniffed, !sniffed.isAvailable { throw .unsupportedFormat("\(sniffed.rawValue) (this libvips has no HEIF loader)") }
        guard let format = sniffed else {
            // Not a photo format. Name what it is when libvips knows (an SVG or a PDF named
            // .jpg); that search runs only here, on the way to refusing the file.
            guard let loader = vips_foreign_find_load(path) else {
                _ = Vips.takeError()
                throw .notAnImage
            }
            throw .unsupportedFormat(shortLoaderName(String(cString: loader)))
        }
        guard let pointer = cvips_open_header(path) else {
            throw PhotoProblem.fromVips(Vips.takeError(), path: path, format: format)
        }
        let image = VipsImageRef(pointer)
        let width = image.width, height = image.height
        try checkDimensions(width: width, height: height)
        return PhotoHeader(
            width: width,
            height: height,
            orientation: Int(vips_image_get_orientation(pointer)),
            format: format,
            hasColourProfile: image.has("icc-profile-data"),
            dateTaken: ExifDate.parse(
                image.string("exif-ifd2-DateTimeOriginal"),
                offset: image.string("exif-ifd2-OffsetTimeOriginal")))
    }

    /// "VipsForeignLoadSvgFile" → "svg".
    static func shortLoaderName(_ name: String) -> String {
        var short = name.replacingOccurrences(of: "VipsForeignLoad", with: "")
        for suffix in ["File", "Source", "Buffer"] where short.hasSuffix(suffix) {
            short.removeLast(suffix.count)
        }
        return short.lowercased()
    }

    /// Refuses sizes from a header that are zero, negative or past the stated limits.
    static func checkDimensions(width: Int, height: Int) throws(PhotoProblem) {
        guard width > 0, height > 0 else { throw .corrupt("no pixels (\(width)×\(height))") }
        guard width <= maxSide, height <= maxSide,
              width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
        else { throw .tooLarge(width: width, height: height) }
    }
}
