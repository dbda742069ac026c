import FileOutput
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The readers of a `LibraryScan`: one thread per core, each taking the next photo nearest
/// the focus, its header from the index when its file is unchanged, else from the file.
extension LibraryScan {
    /// The next photo to read, nearest the focus first; nil when none is left or cancelled.
    func claimNext() -> (Int, String)? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, listing == nil || index == nil { condition.wait() }
        guard !cancelled, case .success(let entries) = listing else { return nil }
        while focusCursor < focusQueue.count {
            let i = focusQueue[focusCursor]
            focusCursor += 1
            if !claimed[i] {
                claimed[i] = true
                return (i, entries[i].path)
            }
        }
        while cursor < entries.count {
            let i = cursor
            cursor += 1
            if !claimed[i] {
                claimed[i] = true
                return (i, entries[i].path)
            }
        }
        return nil
    }

    func work(_ read: Read) {
        defer {
            Vips.threadEnded()
            let last = locked { () -> Bool in
                workersLeft -= 1
                condition.broadcast()
                return workersLeft == 0 && !cancelled
            }
            if last { saveIndex() }
        }
        var lowered = false
        while let (i, path) = claimNext() {
            if !lowered, locked({ completed >= awaited }) {
                BackgroundThread.yieldToForeground()
                lowered = true
            }
            let facts = Self.quickFacts(path)
            let known = facts.flatMap { facts in locked { index?.record(for: path, facts: facts) } }
            let outcome: Result<PhotoHeader, PhotoProblem>
            if let known {
                outcome = known
            } else {
                do throws(PhotoProblem) { outcome = .success(try read(path)) } catch { outcome = .failure(error) }
            }
            let due = locked { () -> Bool in
                // A remembered shape the file confirms is not handed over again.
                if remembered[i], case .success(let checked) = outcome, case .success(let handed)? = results[i], checked == handed {
                    remembered[i] = false
                } else {
                    results[i] = outcome
                    ready.append(i)
                }
                completed += 1
                if known == nil {
                    readFromFiles += 1
                    unsavedReads += 1
                    if let facts { index?.store(outcome, for: path, facts: facts) }
                }
                condition.broadcast()
                return !saving && unsavedReads > 0 && Date().timeIntervalSince(lastSave) >= saveInterval
            }
            if due { saveIndex() }
        }
    }

    /// Writes the index with what was read so far (off the lock: a large index is megabytes
    /// of text); a failure only costs the next visit its speed, so it is a warning. A save
    /// under way is waited for, so the last one has everything.
    func saveIndex() {
        let snapshot = locked { () -> PhotoIndex? in
            while saving { condition.wait() }
            guard unsavedReads > 0 else { return nil }
            saving = true
            unsavedReads = 0
            return index
        }
        guard let snapshot else { return }
        defer { locked { saving = false; lastSave = Date(); condition.broadcast() } }
        guard let indexFile else { return }
        do { try snapshot.save(to: indexFile) } catch { printWarning("could not save the photo index: \(error)") }
    }

    /// Size and modification time of a regular, non-empty file (its link's target), by one
    /// `stat`: what the index is checked against.
    static func quickFacts(_ path: String) -> FileFacts? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return FileFacts(byteCount: Int(info.st_size), modified: modified, leadingBytes: [])
    }
}
