import ParallaxKit

/// One photo to decode for the loader.
public struct PhotoRequest: Sendable, Hashable {
    /// The caller's name for it (an item index, a photo number); one live request per id.
    public var id: Int
    /// The file.
    public var path: String
    /// The pixel size of the cell it will fill.
    public var size: PixelSize
    /// Larger runs sooner; equal priorities run in the order submitted.
    public var priority: Int
    /// How the decoded size relates to `size`.
    public var fit: PhotoFit
    /// A decode of the photo, or the thumbnail embedded in it.
    public var kind: Kind

    public enum Kind: Sendable, Hashable {
        /// The photo itself, at `size` and `fit`.
        case photo
        /// The camera's EXIF thumbnail (`size` and `fit` are ignored); fails with
        /// `.noEmbeddedPreview` when there is none.
        case embeddedPreview
    }

    public init(id: Int, path: String, size: PixelSize, priority: Int = 0, fit: PhotoFit = .cover, kind: Kind = .photo) {
        self.id = id
        self.path = path
        self.size = size
        self.priority = priority
        self.fit = fit
        self.kind = kind
    }
}

/// A finished request: its pixels, or why there are none.
public struct PhotoResult: Sendable {
    public let request: PhotoRequest
    public let outcome: Result<DecodedPhoto, PhotoProblem>

    public init(request: PhotoRequest, outcome: Result<DecodedPhoto, PhotoProblem>) {
        self.request = request
        self.outcome = outcome
    }

    /// Bytes of pixels held (0 for a failure).
    public var byteCount: Int {
        if case .success(let photo) = outcome { photo.byteCount } else { 0 }
    }
}

/// What the loader is doing, read in one consistent snapshot.
public struct PhotoLoaderCounters: Sendable, Equatable {
    /// Requests waiting for a worker.
    public var queued = 0
    /// Requests a worker has started and not yet handed over (includes `waitingForRoom`).
    public var decoding = 0
    /// Decoded requests whose worker waits for room in the finished queue.
    public var waitingForRoom = 0
    /// Idle workers that, when they last looked, had a request queued (with room for its
    /// result) or a disk copy to write and waited only because `limitDecodes` allowed no
    /// more at once: the limit holding a worker back, as opposed to there being no work.
    public var waitingForDecodeLimit = 0
    /// Idle workers that, when they last looked, had a request queued or a disk copy to write
    /// and waited only because the loader is held (`PhotoLoader.hold`).
    public var waitingWhileHeld = 0
    /// Results in the finished queue, not yet taken.
    public var ready = 0
    /// Bytes of pixels in the finished queue.
    public var readyBytes = 0
    /// Successful decodes handed to the finished queue, since creation.
    public var finished = 0
    /// Failed decodes handed to the finished queue, since creation.
    public var failed = 0
    /// Requests cancelled (or replaced by a newer request with the same id) before their
    /// result was taken, since creation.
    public var cancelled = 0

    public init() {}
}
