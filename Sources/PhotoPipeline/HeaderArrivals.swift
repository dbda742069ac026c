import Foundation

/// A folder's headers as they arrive, handed out in batches for the model and the image
/// library to append, and the index of headers saved once the whole folder is read.
public final class HeaderArrivals {
    /// What arrived since the last batch: the photos at `indices` of the folder.
    public struct Batch {
        public var indices: Range<Int>
        public var aspectRatios: ArraySlice<Double>
        public var titles: ArraySlice<String>
        public var paths: ArraySlice<String>
        public var headers: ArraySlice<PhotoHeader?>
        /// Why each unreadable file among them (by index in the folder) cannot be shown.
        public var problems: [Int: String]
    }

    private var contents: PhotoFolderContents
    private var lastDelivery = -Double.infinity
    private var delivered: Int

    /// Batches at most this often: each one lays the whole list out again, which is linear in
    /// its length (seconds of a 100,000-photo folder would otherwise be spent on layouts).
    public static let interval = 0.25

    public init(contents: PhotoFolderContents) {
        self.contents = contents
        delivered = contents.paths.count
    }

    /// Called at the start of each frame at time `t`: what arrived since the last batch, when
    /// a batch is due and anything arrived.
    public func nextBatch(at t: Double) -> Batch? {
        guard let scanner = contents.scanner, t - lastDelivery >= Self.interval || scanner.isFinished else { return nil }
        lastDelivery = t
        let finished = scanner.isFinished
        let scanned = scanner.takeReady()
        guard !scanned.isEmpty || finished else { return nil }
        contents.add(scanned)
        let fresh = delivered..<contents.paths.count
        let batch = Batch(indices: fresh, aspectRatios: contents.aspectRatios[fresh], titles: contents.titles[fresh],
                          paths: contents.paths[fresh], headers: contents.headers[fresh],
                          problems: contents.problems.filter { fresh.contains($0.key) })
        delivered = contents.paths.count
        if finished {
            contents.scanner = nil
            // Off the frame: the index of a large folder is megabytes of text.
            let contents = self.contents
            Thread.detachNewThread { contents.saveIndex(of: scanner) }
        }
        return batch
    }
}
