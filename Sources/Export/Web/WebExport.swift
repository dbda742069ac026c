import FileOutput
import Foundation
import ParallaxKit

/// `export --format web`: the page of a tuned scene, written whole into a folder: index.html,
/// parallax.css, parallax.js and images/ at the cells' sizes at 1× and 2×.
public struct WebExport {
    public var scene: Scene
    public var itemCount: Int
    public var amount: Double
    public var motion: Bool
    /// What the reader's `prefers-reduced-motion: reduce` leaves of the amount (0: none).
    public var reducedAmountFraction: Double = 0
    /// The viewport the images are sized for (the page lays itself out for any width; images
    /// are picked by `srcset` from 1× and 2× of these sizes).
    public var viewportSize: Size
    /// The photo files, index for index with `scene.photos`.
    public var photoPaths: [String]
    /// The cover files (the album scene's), in the app's order.
    public var coverPaths: [String]
    public var sizer = ImageSizer()
    /// Photos known to be unreadable (by index), with the reason: shown as "can't show" tiles.
    public var knownProblems: [Int: String] = [:]
    /// A photo that cannot be made into an image becomes a "can't show" tile with a warning,
    /// as in the window (a `--photos` folder), instead of failing the export (the bundled
    /// images, which must all work).
    public var toleratesBadPhotos = false
    /// Where those warnings go.
    public var warn: @Sendable (String) -> Void = { _ in }

    public init(scene: Scene, itemCount: Int, amount: Double, motion: Bool, viewportSize: Size, photoPaths: [String], coverPaths: [String]) {
        self.scene = scene
        self.itemCount = itemCount
        self.amount = amount
        self.motion = motion
        self.viewportSize = viewportSize
        self.photoPaths = photoPaths
        self.coverPaths = coverPaths
    }

    /// The largest box, in points, each photo fills at `viewportSize`: its cell's image area
    /// grown by the overscan on both ends along the axis, as `SceneRenderer.imageFrame` draws it.
    public func photoBoxes() -> [Size] {
        var frames: [Rect] = []
        _ = scene.geometry.computeFrames(itemCount: min(itemCount, max(scene.photos.count, 1) * 8), viewportSize: viewportSize,
                                         contentInsets: scene.contentInsets, into: &frames)
        let count = max(scene.photos.count, 1)
        let overscan = scene.cellLayout.imageOverscan ?? amount
        var boxes = [Size?](repeating: nil, count: count)
        for (item, frame) in frames.enumerated() {
            guard let area = SceneRenderer.photoArea(inCell: frame, style: scene.cellStyle) else { continue }
            let box = SceneRenderer.imageFrame(for: area, axis: scene.axis, overscan: overscan, shift: .zero).size
            let p = item % count
            if let old = boxes[p], old.width * old.height >= box.width * box.height { continue }
            boxes[p] = box
        }
        // A photo no item shows at this count still gets a file: at the first cell's width.
        let width = frames.first?.width ?? viewportSize.width
        return boxes.enumerated().map { p, box in
            box ?? Size(width: width, height: (width / scene.photos.aspectRatio(ofItem: p)).rounded() + 2 * overscan)
        }
    }

    /// The side of the front cover at `viewportSize`: every cover is made that size.
    func coverSide() -> Double {
        var frames: [Rect] = []
        _ = scene.geometry.computeFrames(itemCount: 1, viewportSize: viewportSize, contentInsets: scene.contentInsets, into: &frames)
        return frames.first?.height ?? 256
    }

    /// Writes the page into `folder` (already created, empty).
    public func write(into folder: OutputFolder) throws(ExportError) {
        let images = try makeImages(into: folder, directory: "images")
        let page = WebPage(scene: WebScene(scene: scene, amount: amount, motion: motion, itemCount: itemCount, photos: images.photos, covers: images.covers,
                                         reducedAmountFraction: reducedAmountFraction))
        do {
            for file in try page.files() { try folder.write(file.text, to: file.name) }
        } catch let error as OutputError {
            throw ExportError(error.message)
        } catch {
            throw ExportError("cannot encode the page: \(error)")
        }
    }

    /// Makes every photo's (or cover's) files at 1× and 2× in `directory` of `folder`, and
    /// returns them as the page names them: `images/…`, relative to a page that sits beside
    /// `images/` (the web page's index.html, the React export's demo/index.html).
    public func makeImages(into folder: OutputFolder, directory: String) throws(ExportError) -> (photos: [WebScene.Image], covers: [WebScene.Image]) {
        do { try folder.makeFolder(directory) } catch { throw ExportError(error.message) }
        var photos: [WebScene.Image] = []
        var covers: [WebScene.Image] = []
        var jobs: [ImageJob] = []
        if case .coverStack = scene.cellStyle {
            let side: Int = coverSide().clampedInteger(rounding: .up)
            for (i, path) in coverPaths.enumerated() {
                let name = String(format: "cover-%02d", i)
                jobs += ImageJob.both(source: path, name: name, width: side, height: side, in: folder, directory: directory)
                covers.append(WebScene.Image(ratio: 1, title: PhotoCatalog.coverTitles[i % PhotoCatalog.coverTitles.count],
                                             src: "images/\(name).jpg", src2x: "images/\(name)@2x.jpg", width: side))
            }
        } else {
            let boxes = photoBoxes()
            for (i, path) in photoPaths.enumerated() where i < boxes.count {
                let name = String(format: "photo-%02d", i)
                let w: Int = boxes[i].width.clampedInteger(rounding: .up), h: Int = boxes[i].height.clampedInteger(rounding: .up)
                var image = WebScene.Image(ratio: scene.photos.aspectRatio(ofItem: i), title: scene.photos.title(ofItem: i),
                                           src: "images/\(name).jpg", src2x: "images/\(name)@2x.jpg", width: w)
                if let problem = knownProblems[i] {
                    image.cannotShow(file: path, reason: problem)
                } else {
                    jobs += ImageJob.both(source: path, name: name, width: w, height: h, in: folder, directory: directory, photo: i)
                }
                photos.append(image)
            }
        }
        for (job, error) in make(jobs) {
            guard toleratesBadPhotos, let i = jobs[job].photo else { throw error }
            guard photos[i].problem == nil else { continue }
            warn("can't show \(photoPaths[i]) in the page: \(error.message)")
            photos[i].cannotShow(file: photoPaths[i], reason: error.message)
            for suffix in [".jpg", "@2x.jpg"] { try? FileManager.default.removeItem(atPath: folder.file(directory + "/" + String(format: "photo-%02d", i) + suffix)) }
        }
        return (photos, covers)
    }

    /// Runs the jobs on every core (libvips runs each on one thread: `Vips.threadsPerOperation`);
    /// the failed ones, in job order.
    private func make(_ jobs: [ImageJob]) -> [(Int, ExportError)] {
        let failures = FailureList()
        let sizer = self.sizer
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            let job = jobs[i]
            do throws(ExportError) {
                try sizer.write(source: job.source, to: job.destination, width: job.width, height: job.height)
            } catch {
                failures.append(i, error)
            }
        }
        return failures.all
    }
}

/// One image file to make.
struct ImageJob: Sendable {
    var source: String
    var destination: String
    var width: Int
    var height: Int
    /// The photo it is for (nil for a cover).
    var photo: Int?

    /// The 1× and 2× files of `name` in `directory` (the page's images/ folder).
    static func both(source: String, name: String, width: Int, height: Int, in folder: OutputFolder, directory: String, photo: Int? = nil) -> [ImageJob] {
        [ImageJob(source: source, destination: folder.file("\(directory)/\(name).jpg"), width: width, height: height, photo: photo),
         ImageJob(source: source, destination: folder.file("\(directory)/\(name)@2x.jpg"), width: 2 * width, height: 2 * height, photo: photo)]
    }
}

/// The errors of jobs run concurrently, gathered under a lock.
private final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [(Int, ExportError)] = []

    func append(_ index: Int, _ error: ExportError) {
        lock.lock()
        errors.append((index, error))
        lock.unlock()
    }

    var all: [(Int, ExportError)] {
        lock.lock()
        defer { lock.unlock() }
        return errors.sorted { $0.0 < $1.0 }
    }
}
