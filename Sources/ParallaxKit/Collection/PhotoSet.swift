/// The photos a scene shows, as far as the layout and the draw list need them: each one's
/// displayed aspect ratio (width over height, after EXIF orientation) and title. Item i shows
/// photo i mod count, so a list longer than the set repeats it.
///
/// The core never reads an image: the bundled set's ratios are known, and a folder's come
/// from the files' headers, read by the app. A folder's photos are listed before their
/// headers are read: each then stands in `provisionalAspectRatio` until its shape arrives
/// (`setAspectRatio`).
public struct PhotoSet: Sendable, Hashable {
    public private(set) var aspectRatios: [Double]
    public private(set) var titles: [String]
    /// Every this many items the geometries that depend on the photos' shapes start afresh
    /// below everything placed so far (see `FlowGeometry`, `QuiltGeometry`), so a shape that
    /// changes moves the items of its own section and shifts every later section as one
    /// block: a layout that keeps an item in place as shapes arrive elsewhere needs only to
    /// shift its offset. nil: one section (the bundled photos).
    public var sectionLength: Int?

    /// Aspect ratios are kept within 1:20 to 20:1: a panorama or a sliver beyond that would
    /// make cells a few points tall or wide; the photo is still drawn aspect-filled.
    public static let aspectRatioRange = 0.05...20.0
    /// The shape a listed photo stands in until its header is read: a common camera's 3:2
    /// (the same shape as a file that cannot be read).
    public static let provisionalAspectRatio = 1.5
    /// A folder's section length: 240 items divide evenly into 1 to 6 and 8 columns, and
    /// at about 200 pt a cell a section is a few screens long.
    public static let folderSectionLength = 240

    public init(aspectRatios: [Double] = [], titles: [String] = [], sectionLength: Int? = nil) {
        self.aspectRatios = []
        self.titles = []
        self.sectionLength = sectionLength.map { max(1, $0) }
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
        aspectRatios.append(Self.kept(aspectRatio))
        titles.append(title)
    }

    /// Sets photo `photo`'s shape (its header arrived); an index outside the set is ignored.
    /// True when the shape changed.
    @discardableResult
    public mutating func setAspectRatio(_ aspectRatio: Double, ofPhoto photo: Int) -> Bool {
        guard aspectRatios.indices.contains(photo) else { return false }
        let kept = Self.kept(aspectRatio)
        guard aspectRatios[photo] != kept else { return false }
        aspectRatios[photo] = kept
        return true
    }

    /// `ratio` within `aspectRatioRange` (1 when not a number).
    static func kept(_ ratio: Double) -> Double {
        let range = aspectRatioRange
        return ratio.isFinite ? min(max(ratio, range.lowerBound), range.upperBound) : 1
    }

    /// Whether item `item` starts a section after the first.
    @inline(__always)
    func startsSection(_ item: Int) -> Bool {
        guard let sectionLength, item > 0 else { return false }
        return item % sectionLength == 0
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
