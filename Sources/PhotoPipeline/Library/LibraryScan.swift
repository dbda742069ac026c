import FileOutput
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Lists a photo folder and reads its headers on threads of its own, so a window never waits
/// for a large folder: the listing comes first (then the index of earlier visits, read once
/// the listing is done), then every photo's header, those near what the window shows first (`setFocus`),
/// the rest in folder order, one reader per core. A header the index knows (same path, byte
/// size and modification time, checked with one `stat`) costs no read. The index is saved
/// while the scan goes (every `saveInterval` seconds of reading, and at the end), so a visit
/// cut short still speeds up the next.
///
/// Every stored `var` is touched only under `condition`'s lock, which makes the unchecked
/// Sendable sound.
public final class LibraryScan: @unchecked Sendable {
    /// Reads one header; tests pass their own.
    public typealias Read = HeaderScanner.Read

    public let root: String
    /// Headers read at the caller's priority (the first screen a window may wait for); the
    /// rest at `BackgroundThread.niceness`.
    public let awaited: Int
    let condition = NSCondition()
    let indexFile: String?
    let saveInterval: Double
    var listing: Result<[PhotoFolder.Entry], PhotoFolderError>?
    /// The listing has passed `largeListing` names: a window does not wait for the folder.
    var listingIsLarge = false
    var listingTaken = false
    var foundStart: Int?
    var onListed: (@Sendable () -> Void)?
    var index: PhotoIndex?
    var results: [Result<PhotoHeader, PhotoProblem>?] = []
    var claimed: [Bool] = []
    /// Results taken from the index by path before their files were checked.
    var remembered: [Bool] = []
    var ready: [Int] = []
    var cursor = 0
    var focusQueue: [Int] = []
    var focusCursor = 0
    var focus: Range<Int>?
    var completed = 0
    var readFromFiles = 0
    var unsavedReads = 0
    var lastSave = Date()
    var saving = false
    var cancelled = false
    var workersLeft: Int

    /// Photos on each side of the focus read before the rest: a few screens of the quilt's
    /// smallest tiles, so a fling's or End's landing is laid out in its real shapes.
    public static let nearby = 600
    /// Names listed past which a folder is large: its listing and sort take longer than any
    /// window would wait for them (100,000 names took 260 ms), so its first frame comes
    /// without them (`waitForFirstScreen`).
    public static let largeListing = 5_000
    /// Seconds of reading between two saves of the index.
    public static let defaultSaveInterval = 5.0

    /// Starts listing `root` at once. `startAt` (a name in the folder) is where the reading
    /// starts until the window says what it shows.
    public init(root: String, recursive: Bool = false, order: PhotoFolder.Order = .name, startingAt startName: String? = nil,
                indexFile: String? = PhotoIndex.defaultFile(), workers: Int = PhotoLoader.oneWorkerPerCore,
                awaited: Int = PhotoFolderContents.firstScreenHeaders, saveInterval: Double = LibraryScan.defaultSaveInterval,
                read: Read? = nil) {
        // The index is keyed by absolute paths (it skips any other when read back).
        let root = root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root
        self.root = root
        self.indexFile = indexFile
        self.awaited = max(0, awaited)
        self.saveInterval = max(0, saveInterval)
        workersLeft = max(1, workers)
        // (`read ?? { … }` with a typed-throws closure crashes Swift 6.3's SIL generation.)
        let reader: Read
        if let read { reader = read } else { reader = { path throws(PhotoProblem) in try PhotoHeader.read(path: path) } }
        let lister = Thread { [self] in
            // The index is read after the listing, below the window's priority: 100,000 lines
            // are tens of milliseconds of CPU, which the first frame needs on two busy cores,
            // and nothing can use them before the listing is there. `--sort date` orders by
            // the dates the index remembers, so it reads the index first.
            var dates: (@Sendable (String) -> Date?)?
            if order == .dateTaken {
                let known = loadIndex()
                dates = { path in known.dateTaken(for: path) }
            }
            let listed: Result<[PhotoFolder.Entry], PhotoFolderError>
            do throws(PhotoFolderError) {
                listed = .success(try PhotoFolder.scan(root, recursive: recursive, order: order, datesKnown: dates) { [self] count in
                    if count >= Self.largeListing { locked { if !listingIsLarge { listingIsLarge = true; condition.broadcast() } } }
                }.entries)
            } catch {
                listed = .failure(error)
            }
            // A visit after a whole one: every shape the index remembers is handed over with
            // the listing, before any file is looked at; the readers then check each against
            // its file (one stat) and hand over only those that changed.
            var rememberedHeaders: [PhotoHeader?] = []
            if case .success(let entries) = listed {
                let known = loadIndex()
                rememberedHeaders = entries.map { known.uncheckedHeader(for: $0.path) }
            } else {
                locked { index = index ?? PhotoIndex() }  // Nothing to read: the readers stop.
            }
            locked {
                listing = listed
                if case .success(let entries) = listed {
                    results = rememberedHeaders.map { $0.map { .success($0) } }
                    remembered = rememberedHeaders.map { $0 != nil }
                    ready = rememberedHeaders.indices.filter { rememberedHeaders[$0] != nil }
                    claimed = Array(repeating: false, count: entries.count)
                    foundStart = startName.flatMap { name in entries.firstIndex { $0.name == name } }
                    if let startName, foundStart == nil {
                        printWarning("'\(startName)' is not a photo the playground reads; showing its folder from the start")
                    }
                    let start = foundStart ?? 0
                    setFocusLocked(start..<min(entries.count, start + self.awaited))
                }
                condition.broadcast()
            }
            locked { onListed }?()
        }
        lister.name = "photo-listing"
        lister.start()
        for number in 0..<workersLeft {
            let worker = Thread { [self] in work(reader) }
            worker.name = "photo-headers-\(number)"
            worker.start()
        }
    }

    deinit { cancel() }

    /// Stops soon (after the headers in hand).
    public func cancel() {
        locked {
            cancelled = true
            condition.broadcast()
        }
    }

    /// Stops reading and saves the index with what was read (the window quits): a visit cut
    /// short still speeds up the next.
    public func finishForExit() {
        cancel()
        saveIndex()
    }

    /// Waits until the folder is listed and the first `awaited` headers from the start photo
    /// are read, or `deadline` passes, or the folder is found to be large (whichever first);
    /// true when they are read. A large folder's first frame waits for nothing: it shows what
    /// is there, and the rest arrives in the frames that follow.
    @discardableResult
    public func waitForFirstScreen(until deadline: Date) -> Bool {
        // Foundation's `wait(until:)` traps on a date as far off as `.distantFuture`.
        let deadline = min(deadline, Date().addingTimeInterval(86_400))
        condition.lock()
        defer { condition.unlock() }
        while !firstScreenReady, !cancelled, !listingIsLarge, condition.wait(until: deadline) {}
        return firstScreenReady
    }

    var firstScreenReady: Bool {
        switch listing {
        case nil: return false
        case .failure: return true
        case .success(let entries):
            let wanted = focusQueue.prefix(min(awaited, entries.count))
            return wanted.allSatisfy { results[$0] != nil }
        }
    }

    /// The listing, once: nil until it is done, and after it was taken.
    public func takeListing() -> Result<[PhotoFolder.Entry], PhotoFolderError>? {
        locked {
            guard let listing, !listingTaken else { return nil }
            listingTaken = true
            return listing
        }
    }

    /// Calls `call` once the listing is done (at once if it is): a window waiting for input
    /// shows the listing when it comes, not at its next look.
    public func whenListed(_ call: @escaping @Sendable () -> Void) {
        let now = locked { () -> Bool in
            if listing != nil { return true }
            onListed = call
            return false
        }
        if now { call() }
    }

    /// The index of the photo the scan was asked to start at, once listed (nil: not found, or none asked).
    public var startIndex: Int? { locked { foundStart } }

    /// The headers read since the last call, by index in the listing (after `takeListing`).
    public func takeReady() -> [(index: Int, header: Result<PhotoHeader, PhotoProblem>)] {
        locked {
            guard listingTaken else { return [] }
            let taken = ready.compactMap { i in results[i].map { (index: i, header: $0) } }
            ready.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// The items the window shows now: they and their neighbours are read next.
    public func setFocus(_ items: Range<Int>) {
        locked { if items != focus { setFocusLocked(items) } }
    }

    /// Whether the folder has been listed (or failed to be).
    public var isListed: Bool { locked { listing != nil } }

    /// Every header read (handed over or not).
    public var isFinished: Bool { locked { listing != nil && workersLeft == 0 } }

    /// Headers known so far and photos listed.
    public var progress: (known: Int, listed: Int) { locked { (completed, results.count) } }

    /// How many headers came from files rather than the index.
    public var filesRead: Int { locked { readFromFiles } }

    // MARK: Workers

    private func setFocusLocked(_ items: Range<Int>) {
        focus = items
        let count = results.count
        let lower = max(0, min(items.lowerBound, count)), upper = max(lower, min(items.upperBound, count))
        var queue = Array(lower..<upper)
        for step in 1...Self.nearby {
            if upper - 1 + step < count { queue.append(upper - 1 + step) }
            if lower - step >= 0 { queue.append(lower - step) }
        }
        focusQueue = queue.filter { !claimed[$0] }
        focusCursor = 0
    }

    /// Reads the index (once; the lister is the only caller) at the background's priority,
    /// and hands it to the readers.
    func loadIndex() -> PhotoIndex {
        if let known = locked({ index }) { return known }
        BackgroundThread.yieldToForeground()
        let loaded = indexFile.map(PhotoIndex.load(from:)) ?? PhotoIndex()
        locked { index = loaded; condition.broadcast() }
        return loaded
    }

    func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
