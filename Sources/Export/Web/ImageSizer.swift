import Foundation

/// Makes the page's image files with libvips' `vipsthumbnail` (Debian `libvips-tools`, which
/// the dependency step installs): shrink-on-load, EXIF orientation applied, and cropped from
/// the centre to exactly the box the page shows, as the app's aspect-fill draws it.
public struct ImageSizer: Sendable {
    public var executable: String

    public init(executable: String = "/usr/bin/vipsthumbnail") {
        self.executable = executable
    }

    /// JPEG quality: photos at cell size look as the app's do, at a tenth of PNG's bytes.
    public static let jpegQuality = 85

    /// Writes `source` cropped and scaled to `width`×`height` pixels as a JPEG at `destination`.
    public func write(source: String, to destination: String, width: Int, height: Int) throws(ExportError) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ExportError("cannot make the page's images: \(executable) is missing (Debian package libvips-tools)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // `-o` takes an absolute path (a relative one is relative to the source's folder);
        // `[Q=…,strip]` are the JPEG saver's options: quality, and no metadata in the page.
        process.arguments = [source, "--size", "\(max(1, width))x\(max(1, height))", "--smartcrop", "centre",
                             "-o", "\(destination)[Q=\(Self.jpegQuality),strip]"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw ExportError("cannot run \(executable): \(error.localizedDescription)")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw ExportError("cannot make an image from '\(source)': \(reason)")
        }
    }
}

/// Why an export failed; `message` says what and where.
public struct ExportError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
