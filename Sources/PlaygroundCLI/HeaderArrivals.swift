import Foundation
import ParallaxKit
import PhotoPipeline
import SDLBackend

/// Hands a folder's headers to the window's model and photo pipeline as they arrive, in
/// batches, and saves the index of headers once the whole folder is read.
final class HeaderArrivals {
    private var contents: PhotoFolderContents
    private var lastDelivery = -Double.infinity
    private var delivered: Int

    /// Batches at most this often: each one lays the whole list out again, which is linear in
    /// its length (seconds of a 100,000-photo folder would otherwise be spent on layouts).
    static let interval = 0.25

    init(contents: PhotoFolderContents) {
        self.contents = contents
        delivered = contents.paths.count
    }

    /// Called at the start of each frame at time `t`: appends what arrived since the last
    /// batch to `playground` and `pipeline`.
    func deliver(to playground: Playground, pipeline: PhotoTextures?, at t: Double) {
        guard let scanner = contents.scanner, t - lastDelivery >= Self.interval || scanner.isFinished else { return }
        lastDelivery = t
        let finished = scanner.isFinished
        let scanned = scanner.takeReady()
        guard !scanned.isEmpty || finished else { return }
        contents.add(scanned)
        let fresh = delivered..<contents.paths.count
        playground.appendPhotos(fresh.map { (contents.photos.aspectRatios[$0], contents.photos.titles[$0]) })
        pipeline?.append(paths: Array(contents.paths[fresh]), headers: Array(contents.headers[fresh]),
                         problems: contents.problems.filter { fresh.contains($0.key) })
        delivered = contents.paths.count
        if finished {
            contents.scanner = nil
            // Off the frame: the index of a large folder is megabytes of text.
            let contents = self.contents
            Thread.detachNewThread { contents.saveIndex(of: scanner) }
        }
    }
}
