import Foundation

/// A folder's listing and headers as they arrive from its `LibraryScan`, handed out in
/// batches for the model and the image library: the listing once (every photo, in its
/// provisional shape), then the shapes and headers read since the last batch.
public final class HeaderArrivals {
    /// What arrived since the last batch.
    public struct Batch {
        /// The photos listed in this batch, at `listed` (the folder's listing arrived).
        public var listed: Range<Int>
        public var listedAspectRatios: ArraySlice<Double>
        public var listedTitles: ArraySlice<String>
        public var listedPaths: ArraySlice<String>
        public var listedHeaders: ArraySlice<PhotoHeader?>
        /// Photos already listed whose header arrived: their shapes, and headers (nil where unreadable).
        public var shapes: [(photo: Int, aspectRatio: Double)]
        public var headers: [(photo: Int, header: PhotoHeader?)]
        /// Why each unreadable photo among them (by index in the folder) cannot be shown.
        public var problems: [Int: String]
        /// The photo to show first, when the listing arrived with one asked for.
        public var startIndex: Int?
        /// The listing failed after the window opened (the folder emptied or became unreadable).
        public var listingFailure: PhotoFolderError?
    }

    public private(set) var contents: PhotoFolderContents
    private var lastDelivery = -Double.infinity
    /// Whether the window asked the scan to wake it when the listing is done.
    public var asksToBeWoken = false
    /// End was pressed before the listing arrived (there was no end to go to yet): the
    /// window presses it again when the listing comes.
    public var endPressedWhileListing = false

    /// Batches at most this often: each one lays the whole list out again, which is linear in
    /// its length (1–3 ms for 100,000 photos, release build).
    public static let interval = 0.25

    public init(contents: PhotoFolderContents) {
        self.contents = contents
    }

    /// The scan still running, if any.
    public var library: LibraryScan? { contents.library }

    /// Called at the start of each frame at time `t`: what arrived since the last batch, when
    /// a batch is due and anything arrived. The listing is handed over in the first frame it
    /// is there, whatever the interval (an empty window waits for it).
    public func nextBatch(at t: Double) -> Batch? {
        guard let library = contents.library else { return nil }
        let listingFirst = contents.paths.isEmpty
        guard t - lastDelivery >= Self.interval || library.isFinished || listingFirst else { return nil }
        let finished = library.isFinished
        var batch = Batch(listed: contents.paths.count..<contents.paths.count, listedAspectRatios: [], listedTitles: [],
                          listedPaths: [], listedHeaders: [], shapes: [], headers: [], problems: [:])
        if let listing = library.takeListing() {
            switch listing {
            case .failure(let error): batch.listingFailure = error
            case .success(let entries):
                let start = contents.paths.count
                contents.list(entries)
                batch.listed = start..<contents.paths.count
                batch.startIndex = library.startIndex.map { start + $0 }
            }
        }
        let ready = library.takeReady()
        for (index, header) in ready {
            let ratio = contents.set(index, header)
            if batch.listed.contains(index) { continue }
            batch.shapes.append((photo: index, aspectRatio: ratio))
            batch.headers.append((photo: index, header: contents.headers[index]))
            if let problem = contents.problems[index] { batch.problems[index] = problem }
        }
        let range = batch.listed
        batch.listedAspectRatios = contents.aspectRatios[range]
        batch.listedTitles = contents.titles[range]
        batch.listedPaths = contents.paths[range]
        batch.listedHeaders = contents.headers[range]
        for index in range where contents.problems[index] != nil { batch.problems[index] = contents.problems[index] }
        if finished { contents.library = nil }
        guard !range.isEmpty || !ready.isEmpty || batch.listingFailure != nil else { return nil }
        lastDelivery = t
        return batch
    }
}
