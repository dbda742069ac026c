import Foundation

/// Reads a folder's photo headers on a thread of its own, in the folder's order, so a window
/// can show its first screen while the rest of a large folder is still being read. Headers
/// found in a `PhotoIndex` (same path, byte size and modification time) cost no file read.
///
/// Results are handed over in order only (a growing prefix), so the layout can append them
/// without moving anything already placed. Every stored `var` is touched only under
/// `condition`'s lock, which makes the unchecked Sendable sound.
public final class HeaderScanner: @unchecked Sendable {
    /// One file's outcome.
    public struct Scanned: Sendable {
        public let path: String
        /// The name relative to the folder (for titles).
        public let name: String
        public let header: Result<PhotoHeader, PhotoProblem>
    }

    /// Reads one header; the default opens the file with libvips. Tests pass their own.
    public typealias Read = @Sendable (String) throws(PhotoProblem) -> PhotoHeader

    public let entries: [PhotoFolder.Entry]
    private let condition = NSCondition()
    private var results: [Scanned] = []
    private var handedOver = 0
    private var cancelled = false
    private var index: PhotoIndex
    private var readFromFiles = 0

    /// Headers read before the thread yields to the foreground: those a window waits for
    /// before its first frame (with it waiting, a lower priority only makes the wait longer:
    /// the first of them also loads libvips).
    public let awaited: Int

    /// Starts reading `entries` at once; `index` answers what it can. The first `awaited`
    /// headers are read at the caller's priority, the rest at `BackgroundThread.niceness`.
    public init(entries: [PhotoFolder.Entry], index: PhotoIndex = PhotoIndex(), awaited: Int = 0, read: Read? = nil) {
        self.entries = entries
        self.awaited = max(0, awaited)
        self.index = index
        results.reserveCapacity(entries.count)
        let reader: Read
        if let read { reader = read } else { reader = { path throws(PhotoProblem) in try PhotoHeader.read(path: path) } }
        let thread = Thread { [self] in scan(reader) }
        thread.name = "photo-headers"
        thread.start()
    }

    deinit { cancel() }

    /// Headers read since the last call, in folder order.
    public func takeReady() -> [Scanned] {
        locked {
            let ready = Array(results[handedOver...])
            handedOver = results.count
            return ready
        }
    }

    /// Blocks until `count` headers (at most all) are read or `timeout` seconds pass; returns
    /// how many are read.
    @discardableResult
    public func waitUntilReady(count: Int, timeout: Double) -> Int {
        let wanted = min(max(0, count), entries.count)
        let deadline = Date().addingTimeInterval(max(0, timeout))
        condition.lock()
        defer { condition.unlock() }
        while results.count < wanted, !cancelled, condition.wait(until: deadline) {}
        return results.count
    }

    /// Whether every header has been read (handed over or not).
    public var isFinished: Bool { locked { results.count == entries.count } }

    /// How many came from files rather than the index.
    public var filesRead: Int { locked { readFromFiles } }

    /// Stops reading soon (after the header in hand).
    public func cancel() {
        locked {
            cancelled = true
            condition.broadcast()
        }
    }

    /// The index given at the start with every header read from a file added: what to save
    /// for the next visit once `isFinished`.
    public func updatedIndex() -> PhotoIndex { locked { index } }

    private func scan(_ read: Read) {
        defer { Vips.threadEnded() }
        for (number, entry) in entries.enumerated() {
            if number == awaited { BackgroundThread.yieldToForeground() }
            if locked({ cancelled }) { return }
            let facts = try? checkFile(entry.path)
            let known = facts.flatMap { facts in locked { index.record(for: entry.path, facts: facts) } }
            let outcome: Result<PhotoHeader, PhotoProblem>
            if let known {
                outcome = known
            } else {
                do throws(PhotoProblem) {
                    outcome = .success(try read(entry.path))
                } catch {
                    outcome = .failure(error)
                }
            }
            locked {
                if known == nil {
                    readFromFiles += 1
                    if let facts { index.store(outcome, for: entry.path, facts: facts) }
                }
                results.append(Scanned(path: entry.path, name: entry.name, header: outcome))
                condition.broadcast()
            }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
