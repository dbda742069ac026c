import Foundation
import PhotoPipeline

/// Which photos of a folder embed a camera's EXIF thumbnail, the quick preview the window
/// shows before decoding the photo itself. The photo-library section labels each first look
/// with it, and refuses a folder given as one without thumbnails that has some: its figures
/// would be a first look with previews under the name of one without.
public enum EmbeddedThumbnails {
    /// Bytes read from the start of a file. EXIF's APP1 segment is at most 64 KB and comes
    /// before the image data, after at most a JFIF APP0 in the files cameras and editors
    /// write; the window's own header reader (QuickHeader) reads as much at first.
    static let leadingBytes = 96 << 10

    /// Whether `bytes`, a JPEG file's beginning, hold an EXIF block with a thumbnail that the
    /// window finds before libvips is loaded (`QuickEmbeddedPreview`, the window's own
    /// reader). Anything not a JPEG, or headers cut off before the image data, count as none.
    static func hasThumbnail(jpeg bytes: [UInt8]) -> Bool { QuickEmbeddedPreview.hasThumbnail(jpegStart: bytes) }

    /// Whether the file at `path` embeds a thumbnail (false when it cannot be read).
    static func hasThumbnail(path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: leadingBytes) else { return false }
        return hasThumbnail(jpeg: [UInt8](data))
    }

    /// The photos the window would show from `folder` (its scan), and those of them that
    /// embed a thumbnail; `option` names the folder in errors.
    static func survey(folder: String, option: String) throws -> (photos: [String], embedding: [String]) {
        let photos: [String]
        do { photos = try PhotoFolder.scan(folder).entries.map(\.path) } catch { throw BenchFailure(message: "\(option): \(error)") }
        guard !photos.isEmpty else { throw BenchFailure(message: "\(option): no photos in \(folder)") }
        return (photos, photos.filter(hasThumbnail(path:)))
    }

    /// Whether any photo of `folder` embeds a thumbnail (stops at the first one found).
    static func any(inFolder folder: String, option: String) throws -> Bool {
        let photos: [PhotoFolder.Entry]
        do { photos = try PhotoFolder.scan(folder).entries } catch { throw BenchFailure(message: "\(option): \(error)") }
        return photos.contains { hasThumbnail(path: $0.path) }
    }

    /// Throws, naming how many and one of them, unless `folder` has photos and none of them
    /// embeds a thumbnail. The bench calls it before it measures anything.
    public static func requireNone(inFolder folder: String, option: String) throws {
        let survey = try survey(folder: folder, option: option)
        guard let example = survey.embedding.first else { return }
        throw BenchFailure(message: """
            \(option): \(survey.embedding.count) of \(survey.photos.count) photos in \(folder) embed an EXIF thumbnail \
            (\((example as NSString).lastPathComponent), for one); make a folder without them with \
            Tools/make-photos.py DIR --count N --no-thumbnails, or strip them with exiftool -overwrite_original -IFD1:all= DIR
            """)
    }
}
