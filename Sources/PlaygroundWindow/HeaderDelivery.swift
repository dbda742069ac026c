import ParallaxKit
import PhotoPipeline
import SDLBackend

extension HeaderArrivals {
    /// Called at the start of each frame at time `t`: appends what arrived since the last
    /// batch to `playground` and `pipeline`. True if a batch did.
    @discardableResult
    func deliver(to playground: Playground, pipeline: PhotoTextures?, at t: Double) -> Bool {
        guard let batch = nextBatch(at: t) else { return false }
        playground.appendPhotos(zip(batch.aspectRatios, batch.titles).map { ($0, $1) })
        pipeline?.append(paths: Array(batch.paths), headers: Array(batch.headers), problems: batch.problems)
        return true
    }
}
