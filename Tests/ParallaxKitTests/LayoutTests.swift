import ParallaxKit
import RunHarness
import Testing

/// A small deterministic generator so failures reproduce.
private let viewport = Size(width: 1280, height: 800)

struct GeometryCase: Sendable, CustomStringConvertible {
    var name: String
    var geometry: any ItemGeometry
    var insets: EdgeInsets = .zero
    var description: String { name }
}

private let geometries: [GeometryCase] = [
    GeometryCase(name: "table", geometry: TableRowGeometry()),
    GeometryCase(name: "flow-1", geometry: FlowGeometry(columns: 1)),
    GeometryCase(name: "flow-auto", geometry: FlowGeometry()),
    GeometryCase(name: "flow-3", geometry: FlowGeometry(columns: 3)),
    GeometryCase(name: "captions", geometry: FlowGeometry(spacing: 24, footerHeight: 60), insets: EdgeInsets(top: 64, bottom: 49)),
    GeometryCase(name: "quilt", geometry: QuiltGeometry()),
    GeometryCase(name: "coverflow", geometry: CoverFlowGeometry()),
]

private func frames(_ c: GeometryCase, count: Int, viewport: Size = viewport) -> (frames: [Rect], content: Size) {
    var frames: [Rect] = []
    let content = c.geometry.computeFrames(itemCount: count, viewportSize: viewport, contentInsets: c.insets, into: &frames)
    return (frames, content)
}

@Suite struct LayoutTests {
    @Test(arguments: geometries, [0, 1, 2, 13, 300])
    func everyItemIsPlacedInsideTheContent(_ c: GeometryCase, count: Int) {
        let (frames, content) = frames(c, count: count)
        #expect(frames.count == count)
        for (i, f) in frames.enumerated() {
            #expect(f.width > 0 && f.height > 0, "item \(i) has an empty frame \(f)")
            #expect(f.minX >= 0 && f.minY >= 0, "item \(i) starts before the content: \(f)")
            #expect(f.maxX <= content.width + 1e-9 && f.maxY <= content.height + 1e-9, "item \(i) ends past the content \(content): \(f)")
        }
        if count == 0 { #expect(content[c.geometry.axis] == 0) }
    }

    @Test(arguments: geometries.filter { $0.name != "coverflow" })
    func noTwoItemsOverlap(_ c: GeometryCase) {
        let (frames, _) = frames(c, count: 300)
        // Sort by top edge and compare each item with those starting before it ends.
        let order = frames.indices.sorted { frames[$0].minY < frames[$1].minY }
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                if frames[j].minY >= frames[i].maxY { break }
                #expect(!frames[i].intersects(frames[j]), "items \(i) and \(j) overlap: \(frames[i]) \(frames[j])")
            }
        }
    }

    @Test func coverStacksOverlapTheirNeighbours() {
        let geometry = CoverFlowGeometry()
        let (frames, _) = frames(GeometryCase(name: "coverflow", geometry: geometry), count: 10)
        let padding = geometry.padding(forViewport: viewport)
        for i in 1..<frames.count {
            expectClose(frames[i - 1].maxX - frames[i].minX, padding * geometry.overlapFraction)
        }
    }

    @Test func flowColumnsFollowTheWidth() {
        #expect(FlowGeometry().columnCount(forWidth: 1280) == 2)
        #expect(FlowGeometry().columnCount(forWidth: 640) == 1)
        #expect(FlowGeometry(columns: 4).columnCount(forWidth: 300) == 4)
        // A single full-width column keeps each photo's aspect ratio.
        let (frames, _) = frames(GeometryCase(name: "flow-1", geometry: FlowGeometry(columns: 1)), count: 12, viewport: Size(width: 600, height: 800))
        for (i, f) in frames.enumerated() {
            expectClose(f.height, (600 / PhotoSet.bundled.aspectRatio(ofItem: i)).rounded())
            if i > 0 { #expect(f.minY == frames[i - 1].maxY + FlowGeometry.seedLineSpacing) }
        }
    }

    @Test func quiltFillsHolesLeftAbove() {
        let (frames, _) = frames(GeometryCase(name: "quilt", geometry: QuiltGeometry()), count: 200)
        let backfilled = (1..<frames.count).contains { frames[$0].minY < frames[$0 - 1].minY }
        #expect(backfilled, "some later item should fill an earlier hole, as RFQuiltLayout packs")
        let spans = Set((0..<200).map { "\(QuiltGeometry().span(ofItem: $0))" })
        #expect(spans.count == 4, "all four tile shapes appear: \(spans)")
    }

    @Test(arguments: geometries, [0, 1, 7, 500])
    func rectQueriesEqualABruteForceFilter(_ c: GeometryCase, count: Int) {
        let layout = ParallaxLayout(geometry: c.geometry)
        layout.prepare(LayoutEnvironment(itemCount: count, viewportSize: viewport, contentInsets: c.insets))
        var rng = SplitMix64(seed: UInt64(count) &* 31 &+ UInt64(c.name.utf8.count))
        let content = layout.contentSize
        for _ in 0..<200 {
            let x = Double.random(in: -200...(content.width + 200), using: &rng)
            let y = Double.random(in: -200...(content.height + 200), using: &rng)
            let rect = Rect(x: x, y: y, width: Double.random(in: 0...1500, using: &rng), height: Double.random(in: 0...1500, using: &rng))
            let found = layout.layoutAttributesForElements(in: rect, bounds: rect).map(\.item)
            let expected = layout.frames.indices.filter { layout.frames[$0].intersects(rect) }
            #expect(found == expected, "rect \(rect)")
        }
    }

    /// The index keeps its arrays between rebuilds: rebuilt over other frames, of the same
    /// count or another, it answers as an index built for them alone.
    @Test func aRebuiltIndexAnswersAsAFreshOne() {
        var rng = SplitMix64(seed: 11)
        func frames(_ count: Int, shift: Double) -> [Rect] {
            (0..<count).map { i in
                Rect(x: Double.random(in: 0...300, using: &rng), y: Double(i) * 40 + shift + Double.random(in: -60...60, using: &rng),
                     width: 100, height: Double.random(in: 10...120, using: &rng))
            }
        }
        var reused = SpatialIndex(axis: .vertical)
        for (count, shift) in [(500, 0.0), (7, 0), (7, 900), (0, 0), (500, -300), (500, 2000)] {
            let list = frames(count, shift: shift)
            reused.rebuild(list)
            var fresh = SpatialIndex(axis: .vertical)
            fresh.rebuild(list)
            #expect(reused.count == count)
            for lower in stride(from: -500.0, to: 23_000, by: 370) {
                let found = reused.candidates(from: lower, to: lower + 800)
                #expect(found == fresh.candidates(from: lower, to: lower + 800), "\(count) frames shifted \(shift), at \(lower)")
                let overlapping = list.indices.filter { list[$0].maxY > lower && list[$0].minY < lower + 800 }
                #expect(overlapping.allSatisfy(found.contains), "\(count) frames shifted \(shift), at \(lower)")
            }
        }
    }

    @Test(arguments: geometries)
    func queriesScanTheVisibleItemsNotTheList(_ c: GeometryCase) {
        // O(log n + visible): the candidate range for one viewport stays small in a long list.
        var frames: [Rect] = []
        let content = c.geometry.computeFrames(itemCount: 100_000, viewportSize: viewport, contentInsets: c.insets, into: &frames)
        var index = SpatialIndex(axis: c.geometry.axis)
        index.rebuild(frames)
        let axis = c.geometry.axis
        for start in stride(from: 0.0, to: content[axis] - 2000, by: content[axis] / 17) {
            let candidates = index.candidates(from: start, to: start + viewport[axis])
            let visible = candidates.filter { frames[$0].max(axis) > start && frames[$0].min(axis) < start + viewport[axis] }.count
            #expect(candidates.count <= 2 * visible + 12, "scanned \(candidates.count) for \(visible) visible at \(start)")
        }
    }
}

@Suite struct PhotoSetTests {
    /// The quilt's tiles follow the photos' shapes.
    @Test func quiltTilesFollowThePhotosShapes() {
        let photos = PhotoSet(aspectRatios: [16.0 / 9, 9.0 / 16, 1, 4.0 / 3, 3, 0.5])
        let quilt = QuiltGeometry(photos: photos)
        let spans = (0..<6).map { quilt.span(ofItem: $0) }
        #expect(spans[0] == (2, 1) && spans[4] == (2, 1), "wide photos, wide tiles")
        #expect(spans[1] == (1, 2) && spans[5] == (1, 2), "tall photos, tall tiles")
        #expect([spans[2], spans[3]].allSatisfy { $0.columns == $0.rows }, "the others square")
        var frames: [Rect] = []
        _ = quilt.computeFrames(itemCount: 6, viewportSize: Size(width: 1080, height: 800), contentInsets: .zero, into: &frames)
        #expect(frames[0].width > frames[0].height && frames[1].height > frames[1].width)
    }

    @Test func eachCellTakesItsPhotosShape() {
        let photos = PhotoSet(aspectRatios: [0.75, 1.5, 1, 3], titles: ["a", "b", "c", "d"])
        let geometry = FlowGeometry(columns: 1, photos: photos)
        var frames: [Rect] = []
        _ = geometry.computeFrames(itemCount: 4, viewportSize: Size(width: 600, height: 800), contentInsets: .zero, into: &frames)
        #expect(frames.map(\.height) == [800, 400, 600, 200])
        #expect(photos.title(ofItem: 5) == "b", "item i shows photo i mod count")
    }

    @Test func outlandishRatiosAreKeptWithinOneToTwenty() {
        let photos = PhotoSet(aspectRatios: [1e9, 0, -.infinity, .nan, 0.001])
        #expect(photos.aspectRatios == [20, 0.05, 1, 1, 0.05])
        #expect(PhotoSet().aspectRatio(ofItem: 3) == 1 && PhotoSet().photoIndex(ofItem: 3) == 0)
    }

    /// A folder's photos arrive as their headers are read: adding photos at the end never
    /// moves a cell already laid out.
    @Test(arguments: [1, 2, 3])
    func photosAddedAtTheEndMoveNoEarlierCell(columns: Int) {
        var rng = SplitMix64(seed: UInt64(columns))
        var photos = PhotoSet()
        for i in 0..<40 { photos.append(aspectRatio: Double.random(in: 0.5...2.5, using: &rng), title: "\(i)") }
        let viewport = Size(width: 1280, height: 800)
        var before: [Rect] = [], after: [Rect] = []
        _ = FlowGeometry(columns: columns, photos: photos).computeFrames(itemCount: 40, viewportSize: viewport, contentInsets: .zero, into: &before)
        for i in 40..<90 { photos.append(aspectRatio: Double.random(in: 0.5...2.5, using: &rng), title: "\(i)") }
        _ = FlowGeometry(columns: columns, photos: photos).computeFrames(itemCount: 90, viewportSize: viewport, contentInsets: .zero, into: &after)
        #expect(Array(after.prefix(40)) == before)
    }
}
