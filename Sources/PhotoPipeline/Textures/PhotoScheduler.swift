import ParallaxKit

/// Turns a frame's wants (photos lacking a sharp texture, in the order to serve them) into
/// work for the `PhotoLoader`: new requests, new priorities for requests already queued, and
/// cancellations of requests nothing wants any more.
///
/// The order is the needs' order (`PhotoDemand` lists the visible photos first, then where a
/// fling will rest, then what lies ahead; the rest point first while a fling is far from it),
/// turned into priorities: rank 0 gets the highest. Every embedded preview (a millisecond's
/// work) goes before any real decode (hundreds). Pure bookkeeping: it calls nothing, so what
/// it decides can be read off the returned `Work`.
public struct PhotoScheduler: Sendable {
    /// Priorities handed to the loader: a decode's is this minus its want's rank, a preview's
    /// this much more. A million ranks is far more than `PhotoDemand`'s limit a frame.
    public static let decodePriority = 1_000_000

    /// One photo the frame wants a sharper texture of.
    public struct Want: Sendable, Equatable {
        public var photo: Int
        /// Its file.
        public var path: String
        /// The pixel size its decode should cover.
        public var size: PixelSize
        /// Its place in the frame's needs (0 is the most urgent).
        public var rank: Int
        /// Whether to ask for its embedded thumbnail too, to show until the decode arrives.
        public var withPreview: Bool
        /// Whether to decode it: false for a photo the scroll indicator's thumb is dragging
        /// past (`PhotoNeed.previewOnly`), whose decode, queued or not, is not wanted.
        public var decodes: Bool

        public init(photo: Int, path: String, size: PixelSize, rank: Int, withPreview: Bool, decodes: Bool = true) {
            self.photo = photo
            self.path = path
            self.size = size
            self.rank = rank
            self.withPreview = withPreview
            self.decodes = decodes
        }
    }

    /// A queued request's new priority.
    public struct Reprioritization: Sendable, Equatable {
        public var loaderID: Int
        public var priority: Int
    }

    /// What to tell the loader, in this order: reprioritize, cancel, submit.
    public struct Work: Sendable, Equatable {
        public var reprioritized: [Reprioritization] = []
        public var cancelled: [Int] = []
        public var requests: [PhotoRequest] = []
    }

    /// Requests handed to the loader and not yet finished, with the size each asked for
    /// (a preview's size means nothing).
    private var asked: [PhotoKey: PixelSize] = [:]
    /// The loader's id of each key, given on first use and kept: one live request per key.
    private var loaderIDs: [PhotoKey: Int] = [:]
    private var keysByLoaderID: [Int: PhotoKey] = [:]

    public init() {}

    /// Requests in the loader, waiting or running, seen from this side.
    public var pendingCount: Int { asked.count }

    /// The loader's ids of the requests pending for `photos` (previews and decodes).
    public func pendingLoaderIDs(forPhotos photos: [Int]) -> Set<Int> {
        var ids = Set<Int>()
        for photo in photos {
            for isPreview in [false, true] {
                let key = PhotoKey(photo: photo, isPreview: isPreview)
                if asked[key] != nil, let id = loaderIDs[key] { ids.insert(id) }
            }
        }
        return ids
    }

    /// The loader's id for `key`.
    public mutating func loaderID(for key: PhotoKey) -> Int {
        if let id = loaderIDs[key] { return id }
        let id = loaderIDs.count
        loaderIDs[key] = id
        keysByLoaderID[id] = key
        return id
    }

    /// The frame's work for `wants`. A decode already asked for at least the wanted size is
    /// only moved to its new place; a smaller one is asked again (the loader replaces it).
    public mutating func schedule(_ wants: [Want]) -> Work {
        var work = Work()
        var wanted = Set<PhotoKey>()
        for want in wants {
            let base = Self.decodePriority - min(max(0, want.rank), Self.decodePriority - 1)
            if want.withPreview {
                let key = PhotoKey(photo: want.photo, isPreview: true)
                wanted.insert(key)
                if asked[key] == nil {
                    let size = PixelSize(width: 1, height: 1)
                    asked[key] = size
                    work.requests.append(PhotoRequest(id: loaderID(for: key), path: want.path, size: size,
                                                      priority: base + Self.decodePriority, kind: .embeddedPreview))
                }
            }
            guard want.decodes else { continue }
            let key = PhotoKey(photo: want.photo, isPreview: false)
            wanted.insert(key)
            if let size = asked[key], size.width >= want.size.width, size.height >= want.size.height {
                work.reprioritized.append(Reprioritization(loaderID: loaderID(for: key), priority: base))
            } else {
                asked[key] = want.size
                work.requests.append(PhotoRequest(id: loaderID(for: key), path: want.path, size: want.size, priority: base))
            }
        }
        for key in asked.keys where !wanted.contains(key) {
            work.cancelled.append(loaderID(for: key))
            asked.removeValue(forKey: key)
        }
        // In id order, so the same frame gives the same work (the loader does not care).
        work.cancelled.sort()
        return work
    }

    /// The key of a finished request, if it is still wanted (a cancelled or replaced one
    /// is not), and forgets it as pending.
    public mutating func finished(loaderID: Int) -> PhotoKey? {
        guard let key = keysByLoaderID[loaderID], asked.removeValue(forKey: key) != nil else { return nil }
        return key
    }
}
