/// The bundled images: the photos' aspect ratios (width / height) and titles, in file order,
/// and the covers' titles. `PhotoSet.bundled` is made from them, so the core, the trace and
/// the app agree without reading any image. `Tools/make-resources.py` renders
/// `Resources/photos/photo-NN.png` at these ratios.
public enum PhotoCatalog {
    public static let aspectRatios: [Double] = [1.5, 4.0 / 3, 16.0 / 9, 1.25, 1.5, 1.0, 16.0 / 9, 4.0 / 3, 0.8, 1.5, 2.0, 4.0 / 3]
    /// Bundled album covers (square).
    public static let coverCount = 12

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
