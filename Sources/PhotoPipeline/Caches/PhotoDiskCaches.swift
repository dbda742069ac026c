/// Where decoded photos are kept on disk between visits: the app's own cell-sized copies and
/// the thumbnails file managers share. One value, so the window, a dropped folder and the
/// monkey are configured alike by `--disk-cache-mb` and `--no-shared-thumbnails`.
public struct PhotoDiskCaches: Sendable {
    public var copies: DiskThumbnailCache?
    public var shared: SharedThumbnails?

    public init(copies: DiskThumbnailCache? = nil, shared: SharedThumbnails? = nil) {
        self.copies = copies
        self.shared = shared
    }

    /// Nothing on disk: every photo decoded from its file.
    public static let none = PhotoDiskCaches()
}

extension PhotoLoader {
    /// A loader whose decodes go through `caches` (the default decode: libvips).
    public convenience init(workers: Int = PhotoLoader.defaultWorkerCount, caches: PhotoDiskCaches) {
        self.init(workers: workers, diskCache: caches.copies, sharedThumbnails: caches.shared)
    }
}
