import Foundation
import PhotoPipeline

/// The big-file first look: the photos scene's first visit on camera-sized JPEGs that embed
/// no EXIF thumbnail (`bench --big-photos DIR`), held to the photos scene's targets under the
/// name `big_files` (previewed within 150 ms of the first frame, sharp within vipsthumbnail's
/// time on the same files). Every preview there must come from decoding the photo itself,
/// and each decode reads megabytes of entropy-coded data whatever scale it decodes at.
public enum BigFileFirstLook {
    /// The case: the photos scene, no EXIF thumbnails.
    static let look = FirstLookCase(name: "big_files", scene: .photos, embeddedThumbnails: false)
    /// The option that names its folder.
    public static let option = "--big-photos"
    /// The sizes the case is about, in megapixels: from a 2560 × 1600 wallpaper (4.1) to a
    /// 6000 × 4000 camera frame (24.0). A small photo in the folder would make the case
    /// easier than its name says; a larger one is outside what it promises.
    static let megapixels: ClosedRange<Double> = 4...24
    /// Why the case was not measured.
    static let notMeasuredReason = "no folder of big JPEGs without EXIF thumbnails was given (bench \(option) DIR)"

    /// What a folder given for the case fails to be, one line per photo that does not fit
    /// (empty when every photo is a JPEG of 4–24 MP without an EXIF thumbnail).
    static func misfits(inFolder folder: String) throws -> [String] {
        let photos: [String]
        do { photos = try PhotoFolder.scan(folder).entries.map(\.path) } catch { throw BenchFailure(message: "\(option): \(error)") }
        guard !photos.isEmpty else { throw BenchFailure(message: "\(option): no photos in \(folder)") }
        return photos.compactMap { path in
            let name = (path as NSString).lastPathComponent
            guard let header = try? PhotoHeader.read(path: path) else { return "\(name) cannot be read" }
            guard header.format == .jpeg else { return "\(name) is \(header.format.rawValue), not JPEG" }
            let size = Double(header.width) * Double(header.height) / 1e6
            guard megapixels.contains(size) else {
                return String(format: "%@ is %d×%d (%.1f MP)", name, header.width, header.height, size)
            }
            return EmbeddedThumbnails.hasThumbnail(path: path) ? "\(name) embeds an EXIF thumbnail" : nil
        }
    }

    /// Throws, naming how many photos and the first few, unless every photo of `folder` fits
    /// the case. The bench calls it before it measures anything.
    public static func requireBigJPEGs(inFolder folder: String) throws {
        let misfits = try misfits(inFolder: folder)
        guard !misfits.isEmpty else { return }
        throw BenchFailure(message: """
            \(option): \(misfits.count) photo(s) in \(folder) are not JPEGs of \(megapixels.lowerBound.written())–\
            \(megapixels.upperBound.written()) MP without an EXIF thumbnail: \(misfits.prefix(3).joined(separator: "; ")); \
            Tools/make-photos.py DIR --count 120 --megapixels 4-24 --no-thumbnails makes such a folder
            """)
    }

    /// The case on `folder`, or not measured when there is none.
    static func measure(folder: String?, launches: Int, cores: Int, shaderCache: String, freshCache: () -> String,
                        progress: BenchProgress) throws -> PhotoLibraryResult.FirstLook {
        guard let folder else { return .notMeasured(look) }
        return try FirstLookMeasurement.measure(look, folder: folder, launches: launches, cores: cores, shaderCache: shaderCache,
                                                freshCache: freshCache, progress: progress)
    }
}

extension PhotoLibraryResult {
    /// Why the first look `name` was not measured: its folder option was not given.
    static func notMeasuredReason(firstLook name: String) -> String {
        name == BigFileFirstLook.look.name ? BigFileFirstLook.notMeasuredReason : noFolderWithoutThumbnails
    }
}
