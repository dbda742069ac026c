import ParallaxKit
import Testing

/// `PhotoDemand`: the order in which the photo pipeline is asked for photos.
@Suite struct PhotoDemandTests {
    /// One frame of `playground` at `time`, drawn; returns its draw list.
    private func drawnFrame(_ playground: Playground, at time: Double) -> DrawList {
        let step = FrameStep(playground)
        step.drawer = { _, playground, list in SceneRenderer().draw(playground, into: &list) }
        step.run(at: time)
        return step.drawList
    }

    private func drawnPhotos(_ list: DrawList) -> [Int: Size] {
        var sizes: [Int: Size] = [:]
        for case let .image(.photo(photo), frame, _, _) in list.commands {
            let old = sizes[photo] ?? .zero
            sizes[photo] = Size(width: max(old.width, frame.width), height: max(old.height, frame.height))
        }
        return sizes
    }

    /// Looking ahead for photos reads frames only: under the cached layout it used to ask for
    /// attributes, computing shifts nobody drew and counting them as the strategy's work.
    @Test(arguments: [ParallaxStrategy.cachedLayout, .layoutInvalidation, .scrollCallback])
    func lookingAheadIsNotTheStrategysWork(strategy: ParallaxStrategy) {
        let photos = PhotoSet(aspectRatios: (0..<400).map { [1.5, 0.75, 1.0, 2.0][$0 % 4] })
        let playground = Playground(scene: .quilt, strategy: strategy, itemCount: 400, viewportSize: Size(width: 1280, height: 800),
                                    photos: photos)
        playground.scroll(to: 3000)
        let list = drawnFrame(playground, at: 0)
        _ = playground.collectionView.work.take()
        let needs = PhotoDemand().needs(of: playground, drawList: list)
        #expect(needs.count > playground.visibleCells.count, "it looked past the screen")
        #expect(playground.collectionView.work.take() == StrategyWork(), "and did none of the strategy's work")
    }

    @Test(arguments: [SceneID.photos, .captions, .table, .quilt])
    func atRestTheVisiblePhotosComeFirstAtTheirDrawnSizeThenTheNeighbours(scene: SceneID) {
        let photos = PhotoSet(aspectRatios: (0..<400).map { [1.5, 0.75, 1.0, 2.0][$0 % 4] })
        let playground = Playground(scene: scene, itemCount: 400, viewportSize: Size(width: 1280, height: 800), photos: photos)
        playground.scroll(to: 3000)
        let list = drawnFrame(playground, at: 0)
        let needs = PhotoDemand().needs(of: playground, drawList: list)
        let drawn = drawnPhotos(list)
        let visible = needs.prefix { $0.urgency == .visible }
        #expect(!drawn.isEmpty)
        #expect(Set(visible.map(\.photo)) == Set(drawn.keys), "the visible needs are exactly the drawn photos")
        for need in visible { #expect(need.size == drawn[need.photo], "photo \(need.photo) at its drawn size") }
        let rest = needs.dropFirst(visible.count)
        #expect(!rest.isEmpty && rest.allSatisfy { $0.urgency == .ahead }, "nothing flies, so the rest lies around the screen")
        #expect(Set(rest.map(\.photo)).isDisjoint(with: drawn.keys), "one need per photo")
        #expect(Set(needs.map(\.photo)).count == needs.count)
    }

    @Test func aFlingAsksForThePhotosWhereItWillStopBeforeThoseAhead() {
        let photos = PhotoSet(aspectRatios: (0..<2000).map { _ in 1.5 })
        let playground = Playground(scene: .photos, itemCount: 2000, viewportSize: Size(width: 1280, height: 800), photos: photos)
        // Keyboard End: an eased scroll whose end the scroll view knows from the start.
        playground.scrollView.perform(.toEnd, time: 0)
        let list = drawnFrame(playground, at: 0.016)
        let rest = try! #require(playground.scrollView.predictedRestPosition)
        #expect(rest > 100_000)
        let needs = PhotoDemand().needs(of: playground, drawList: list)
        let urgencies = needs.map(\.urgency)
        // The rest point is far off: the photos there first, since those flying past now
        // will be gone before their decodes finish; then the visible ones; then ahead.
        let order: [PhotoUrgency] = [.atRest, .visible, .ahead]
        #expect(urgencies == urgencies.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }, "\(urgencies)")
        #expect(urgencies.first == .atRest && urgencies.contains(.visible))
        let atRest = needs.filter { $0.urgency == .atRest }.map(\.photo)
        #expect(!atRest.isEmpty)
        // At the end of the list, so the last photos.
        #expect(atRest.allSatisfy { $0 >= 1900 }, "\(atRest)")
        #expect(atRest.contains(1999))
        let ahead = needs.filter { $0.urgency == .ahead }.map(\.photo)
        #expect(ahead.allSatisfy { $0 < 1990 }, "at the end nothing lies past the rest point; ahead looks back: \(ahead)")
    }

    @Test func aScrollOfLessThanAPageServesTheVisiblePhotosFirst() {
        let photos = PhotoSet(aspectRatios: (0..<2000).map { _ in 1.5 })
        let playground = Playground(scene: .photos, itemCount: 2000, viewportSize: Size(width: 1280, height: 800), photos: photos)
        playground.scrollView.perform(.page(1), time: 0)
        let list = drawnFrame(playground, at: 0.016)
        #expect(playground.scrollView.predictedRestPosition != nil)
        let urgencies = PhotoDemand().needs(of: playground, drawList: list).map(\.urgency)
        #expect(urgencies == urgencies.sorted(by: >), "visible, then at rest, then ahead: \(urgencies)")
        #expect(urgencies.contains(.atRest))
    }

    @Test func theNumberOfNeedsIsCapped() {
        let photos = PhotoSet(aspectRatios: (0..<100_000).map { _ in 1.0 })
        let playground = Playground(scene: .quilt, itemCount: 100_000, viewportSize: Size(width: 4000, height: 3000), photos: photos)
        let list = drawnFrame(playground, at: 0)
        let needs = PhotoDemand(aheadViewports: 10, limit: 20).needs(of: playground, drawList: list)
        #expect(needs.count == 20)
        #expect(PhotoDemand(aheadViewports: 10, limit: 5000).needs(of: playground, drawList: list).count > 20,
                "without the cap there are more")
    }

    @Test func albumCoversAreNotPhotos() {
        let playground = Playground(scene: .albums, viewportSize: Size(width: 1280, height: 800))
        let list = drawnFrame(playground, at: 0)
        #expect(PhotoDemand().needs(of: playground, drawList: list).isEmpty)
    }

    @Test func coverNeedsAreEveryDrawnCoverOnceAtItsLargestDrawnSize() {
        let playground = Playground(scene: .albums, viewportSize: Size(width: 1280, height: 800))
        let list = drawnFrame(playground, at: 0)
        var largest: [Int: Size] = [:]
        for case let .image(.cover(cover), frame, _, _) in list.commands {
            let seen = largest[cover] ?? Size(width: 0, height: 0)
            largest[cover] = Size(width: max(seen.width, frame.width), height: max(seen.height, frame.height))
        }
        #expect(largest.count > 1, "the albums scene draws several covers")
        let needs = PhotoDemand().coverNeeds(drawList: list)
        #expect(needs.count == largest.count, "one need per cover")
        for need in needs {
            #expect(need.urgency == .visible)
            #expect(largest[need.photo] == need.size, "cover \(need.photo) at its largest drawn size")
        }
        #expect(PhotoDemand().coverNeeds(drawList: drawnFrame(Playground(scene: .photos, viewportSize: Size(width: 1280, height: 800)), at: 0)).isEmpty,
                "the photos scene draws no cover")
    }
}

/// A folder's photos arriving while the window runs.
@Suite struct GrowingPhotoSetTests {
    @Test(arguments: [SceneID.photos, .captions, .table, .quilt])
    func photosArrivingAtTheEndMoveNothingOnScreen(scene: SceneID) {
        let first = PhotoSet(aspectRatios: (0..<40).map { [1.5, 0.75, 2.0, 1.0][$0 % 4] })
        let playground = Playground(scene: scene, viewportSize: Size(width: 1280, height: 800), photos: first,
                                    itemCountFollowsPhotos: true)
        #expect(playground.itemCount == 40)
        playground.scroll(to: 600)
        runFrame(playground, at: 0)
        let before = playground.visibleCells.map { ($0.item, $0.frame, $0.parallax) }
        let offset = playground.scrollView.contentOffset
        let height = playground.scrollView.contentSize.height
        playground.appendPhotos((0..<500).map { (aspectRatio: [0.5, 3.0][$0 % 2], title: "more \($0)") })
        runFrame(playground, at: 1.0 / 60)
        #expect(playground.itemCount == 540)
        #expect(playground.photos.count == 540)
        #expect(playground.scrollView.contentOffset == offset)
        #expect(playground.scrollView.contentSize.height > height)
        let after = playground.visibleCells.map { ($0.item, $0.frame, $0.parallax) }
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1) && after.map(\.2) == before.map(\.2))
        #expect(playground.photos.title(ofItem: 540 - 1) == "more 499")
    }

    @Test func everyPhotoSceneShowsOneItemPerPhotoUntilTheUserSetsACount() {
        let photos = PhotoSet(aspectRatios: (0..<77).map { _ in 1.5 })
        let playground = Playground(scene: .photos, viewportSize: Size(width: 800, height: 600), photos: photos,
                                    itemCountFollowsPhotos: true)
        for scene in [SceneID.captions, .table, .quilt] {
            playground.setScene(scene)
            #expect(playground.itemCount == 77, "\(scene)")
        }
        playground.setScene(.albums)
        #expect(playground.itemCount == Scene.make(.albums).defaultItemCount, "albums show covers, not the folder")
        playground.setScene(.photos)
        playground.setItemCount(10)
        playground.appendPhotos([(aspectRatio: 1, title: "late")])
        #expect(playground.itemCount == 10, "a count the user set stays")
        playground.setScene(.table)
        #expect(playground.itemCount == Scene.make(.table).defaultItemCount)
    }
}
