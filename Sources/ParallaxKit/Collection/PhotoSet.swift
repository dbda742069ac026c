/// The photos a scene shows, as far as the layout and the draw list need them: each one's
/// displayed aspect ratio (width over height, after EXIF orientation) and title. Item i shows
/// photo i mod count, so a list longer than the set repeats it.
///
/// The core never reads an image: the bundled set's ratios are known, and a folder's come
/// from the files' headers, read by the app.
public struct PhotoSet: Sendable, Hashable {
    public private(set) var aspectRatios: [Double]
    public private(set) var titles: [String]

    /// Aspect ratios are kept within 1:20 to 20:1: a panorama or a sliver beyond that would
    /// make cells a few points tall or wide; the photo is still drawn aspect-filled.
    public static let aspectRatioRange = 0.05...20.0

    public init(aspectRatios: [Double] = [], titles: [String] = []) {
        self.aspectRatios = []
        self.titles = []
        for (i, ratio) in aspectRatios.enumerated() {
            append(aspectRatio: ratio, title: i < titles.count ? titles[i] : "")
        }
    }

    /// The twelve bundled photos (`Tools/make-resources.py` renders them at these ratios).
    public static let bundled = PhotoSet(aspectRatios: PhotoCatalog.aspectRatios, titles: PhotoCatalog.photoTitles)

    public var count: Int { aspectRatios.count }
    public var isEmpty: Bool { aspectRatios.isEmpty }

    /// Adds a photo at the end (a folder's headers arrive one by one).
    public mutating func append(aspectRatio: Double, title: String) {
        let range = Self.aspectRatioRange
        aspectRatios.append(aspectRatio.isFinite ? min(max(aspectRatio, range.lowerBound), range.upperBound) : 1)
        titles.append(title)
    }

    /// The photo item `item` shows; 0 for an empty set.
    @inline(__always)
    public func photoIndex(ofItem item: Int) -> Int {
        count > 0 ? item % count : 0
    }

    /// Width over height of item `item`'s photo; 1 (square) for an empty set.
    @inline(__always)
    public func aspectRatio(ofItem item: Int) -> Double {
        count > 0 ? aspectRatios[item % count] : 1
    }

    public func title(ofItem item: Int) -> String {
        count > 0 ? titles[item % count] : ""
    }
}
