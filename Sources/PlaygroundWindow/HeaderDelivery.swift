import FileOutput
import MonotonicTime
import ParallaxKit
import PhotoPipeline
import SDLBackend

extension PlaygroundApp {
    /// Called at the start of each frame at time `t`: hands a folder's listing and the headers
    /// read since the last batch to the model and the photo pipeline, tells the scan which
    /// items are on screen (they and their neighbours are read next), and applies the shapes
    /// held while the list moved once it rests. True if the layout changed.
    func deliverHeaders(at t: Double) -> Bool {
        guard let arrivals = headerScan else { return playground.applyHeldPhotoShapes(pointer: pointer) }
        if let library = arrivals.library, let first = playground.visibleCells.first?.item,
           let last = playground.visibleCells.last?.item {
            library.setFocus(first..<(last + 1))
        }
        if arrivals.contents.paths.isEmpty, let library = arrivals.library, !arrivals.asksToBeWoken {
            arrivals.asksToBeWoken = true
            library.whenListed(video.wakeUpCall())
        }
        let arrived = arrivals.nextBatch(at: t)
        noteFolderProgress(listed: !arrivals.contents.paths.isEmpty, finished: arrivals.library == nil)
        guard let batch = arrived else { return playground.applyHeldPhotoShapes(pointer: pointer) }
        if let failure = batch.listingFailure { printWarning("--photos: \(failure)") }
        let pipeline = executor.images.pipeline
        if !batch.listed.isEmpty {
            playground.appendPhotos(zip(batch.listedAspectRatios, batch.listedTitles).map { ($0, $1) })
            pipeline?.append(paths: Array(batch.listedPaths), headers: Array(batch.listedHeaders),
                             problems: batch.problems.filter { batch.listed.contains($0.key) })
            if let start = batch.startIndex { playground.scroll(toItem: start) }
            if arrivals.endPressedWhileListing {
                arrivals.endPressedWhileListing = false
                panes.enqueue(.input(TimedEvent(time: t, event: .key(.end, []))))
            }
        }
        var changed = !batch.listed.isEmpty
        if !batch.shapes.isEmpty {
            pipeline?.setHeaders(batch.headers, problems: batch.problems.filter { !batch.listed.contains($0.key) })
            changed = playground.setPhotoShapes(batch.shapes, pointer: pointer) || changed
        }
        return playground.applyHeldPhotoShapes(pointer: pointer) || changed
    }

    /// Keeps an End pressed while a folder is still being listed (the list is empty: End has
    /// nowhere to go), for `deliverHeaders` to press again once the listing is in, so End
    /// reaches the last photo at any moment of a visit. Home, a wheel, a press or a fling
    /// after it says the person wants something else.
    func noteWhileListing(_ event: InputEvent) {
        guard let arrivals = headerScan, arrivals.library != nil, arrivals.contents.paths.isEmpty else { return }
        switch event {
        case .key(.end, _): arrivals.endPressedWhileListing = true
        case .key(.home, _), .wheel, .pointerDown, .fling: arrivals.endPressedWhileListing = false
        default: break
        }
    }

    /// The start-up block's folder times (`--stats-json`): when the listing and the last shape
    /// reached the layout.
    func noteFolderProgress(listed: Bool, finished: Bool) {
        if listed, runStatistics.startup.folder_listed_ns == nil { runStatistics.startup.folder_listed_ns = monotonicNanoseconds() }
        if finished, runStatistics.startup.folder_shapes_known_ns == nil {
            runStatistics.startup.folder_shapes_known_ns = monotonicNanoseconds()
        }
    }
}
