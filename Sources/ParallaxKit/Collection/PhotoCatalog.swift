/// The aspect ratios (width / height) of the bundled photos, in file order.
///
/// Layouts take item heights from here rather than from decoded files so that the core, the
/// trace and the app agree without reading any image; item i shows photo i mod 12.
/// `Tools/make-resources.py` renders `Resources/photos/photo-NN.png` at these ratios.
public enum PhotoCatalog {
    public static let aspectRatios: [Double] = [1.5, 4.0 / 3, 16.0 / 9, 1.25, 1.5, 1.0, 16.0 / 9, 4.0 / 3, 0.8, 1.5, 2.0, 4.0 / 3]
    public static var count: Int { aspectRatios.count }
    /// Bundled album covers (square).
    public static let coverCount = 12

    public static func aspectRatio(ofItem item: Int) -> Double {
        aspectRatios[item % aspectRatios.count]
    }

    public static func photoIndex(ofItem item: Int) -> Int { item % aspectRatios.count }

    /// Titles of the bundled photos, in file order (what `Tools/make-resources.py` paints).
    public static let photoTitles = [
        "Dawn meadow", "Noon hills", "Dusk lake", "Moonlit pines", "Alpine morning", "Desert dunes",
        "Twilight sea", "Autumn hills", "Aurora", "Tropical sunset", "Misty ranges", "Lavender field",
    ]

    /// Titles of the bundled covers, in file order.
    public static let coverTitles = [
        "Rings", "Diagonals", "Retro Sun", "Dot Grid", "Triangle", "Curves",
        "Tiles", "Sunburst", "Soft Blocks", "Nested", "Waves", "Plaid",
    ]
}
