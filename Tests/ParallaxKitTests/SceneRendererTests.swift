import ParallaxKit
import Testing

@Suite struct SceneRendererTests {
    private func images(in list: DrawList) -> [(ImageRef, Rect, Rect, Double)] {
        list.commands.compactMap {
            if case .image(let ref, let frame, let clip, let opacity) = $0 { return (ref, frame, clip, opacity) }
            return nil
        }
    }

    @Test(arguments: [SceneID.photos, .table, .quilt])
    func eachImageIsTheCellGrownByTheAmountAndShifted(scene: SceneID) {
        let pg = Playground(scene: scene, viewportSize: Size(width: 1280, height: 800))
        pg.scroll(to: 333)
        runFrame(pg, at: 0)
        var list = DrawList()
        SceneRenderer().draw(pg, into: &list)
        let drawn = images(in: list)
        #expect(drawn.count == pg.visibleCells.count)
        let origin = pg.scrollView.bounds.origin
        for (cell, (ref, frame, clip, _)) in zip(pg.visibleCells, drawn) {
            let rect = cell.frame.offsetBy(-origin)
            #expect(ref == .photo(PhotoSet.bundled.photoIndex(ofItem: cell.item)))
            #expect(clip == rect, "clipped to the cell")
            #expect(frame.height == rect.height + 2 * pg.parallaxAmount, "taller by twice the amount")
            #expect(abs(frame.midY - (rect.midY + cell.parallax.y)) < 1e-9, "moved by the cell's shift")
        }
        #expect(pg.visibleCells.contains { $0.parallax != .zero })
    }

    @Test func captionedImagesLeaveTheLabelAreaAndBarsCoverTheInsets() {
        let pg = Playground(scene: .captions, viewportSize: Size(width: 600, height: 800))
        runFrame(pg, at: 0)
        var list = DrawList()
        SceneRenderer().draw(pg, into: &list)
        let origin = pg.scrollView.bounds.origin
        for (cell, (_, _, clip, _)) in zip(pg.visibleCells, images(in: list)) {
            let rect = cell.frame.offsetBy(-origin)
            #expect(clip.maxY == rect.maxY - LethParallax.labelHeight)
        }
        let bars = list.commands.filter {
            if case .fill(let r, let c) = $0 { return c == SceneRenderer.Palette.bar && (r.height == 64 || r.height == 49) }
            return false
        }
        #expect(bars.count == 2)
    }

    @Test func coverStacksDrawBackToFrontWithFadingLayers() {
        let pg = Playground(scene: .albums, viewportSize: Size(width: 1280, height: 800))
        pg.scroll(to: 200)
        runFrame(pg, at: 0)
        var list = DrawList()
        SceneRenderer().draw(pg, into: &list)
        let cell = pg.visibleCells[0]
        // The first cell's commands: its covers behind (in pieces), then its front cover.
        let first = images(in: list).prefix { if case .cover(let n) = $0.0 { return n >= cell.item && n < cell.item + 5 } else { return false } }
        let layers = Dictionary(grouping: first, by: { $0.0 })
        #expect(layers.count == 5, "five covers")
        let order = first.map(\.0)
        #expect(order.last == .cover(cell.item) && order.first == .cover(cell.item + 4), "back to front: \(order)")
        let opacity = { (n: Int) in ((layers[.cover(cell.item + n)]?.first?.3 ?? -1) * 10).rounded() / 10 }
        #expect((0..<5).map(opacity) == [1, 0.8, 0.6, 0.4, 0.2])
        let back = try! #require(layers[.cover(cell.item + 4)]?.first), front = try! #require(layers[.cover(cell.item)]?.first)
        #expect(back.1.width < front.1.width, "covers behind are smaller")
        let rect = cell.frame.offsetBy(-pg.scrollView.bounds.origin)
        #expect(abs(back.1.midX - (rect.midX + cell.parallax.x)) < 1e-9, "the last layer takes the whole shift")
        #expect(front.1.midX == rect.midX && front.1 == front.2, "the front cover stays put and is drawn whole")
    }

    /// A cover behind is drawn only where it shows around the opaque front cover: its pieces
    /// cover exactly its frame minus the front cover, less a column beside the front cover too
    /// narrow to draw (under `SceneRenderer.sliverWidth`, hidden: see AlbumsAtRestTests).
    @Test(arguments: [0.0, 200, 777])
    func coversBehindAreDrawnOnlyWhereTheyShow(offset: Double) {
        let pg = Playground(scene: .albums, viewportSize: Size(width: 1280, height: 800))
        pg.scroll(to: offset)
        runFrame(pg, at: 0)
        var list = DrawList()
        SceneRenderer().draw(pg, into: &list)
        let drawn = images(in: list)
        for cell in pg.visibleCells {
            let front = drawn.first { $0.0 == .cover(cell.item) && $0.1 == $0.2 }!.1
            for layer in 1..<5 {
                // This cell's layer: its cover, at its size (a neighbour shows the same cover
                // as another layer, at another size).
                let side = front.width * (1 - 0.06 * Double(layer))
                let pieces = drawn.filter { $0.0 == .cover(cell.item + layer) && abs($0.1.width - side) < 1e-6 }
                guard let frame = pieces.first?.1 else { continue }
                let area = pieces.reduce(0.0) { $0 + $1.2.width * $1.2.height }
                var hidden = frame.intersection(front).map { $0.width * $0.height } ?? 0
                // The columns left and right of the front cover, the cover's whole height.
                for width in [min(frame.maxX, front.minX) - frame.minX, frame.maxX - max(frame.minX, front.maxX)]
                where width > 0 && width < SceneRenderer.sliverWidth {
                    hidden += width * frame.height
                }
                #expect(abs(area - (frame.width * frame.height - hidden)) < 1e-6, "layer \(layer) of item \(cell.item)")
                #expect(pieces.allSatisfy { $0.2.intersection(front).map { $0.width * $0.height } ?? 0 < 1e-9 })
            }
        }
    }

    @Test func debugOutlinesAddStrokesOnly() {
        let pg = Playground(scene: .photos, viewportSize: Size(width: 800, height: 600))
        runFrame(pg, at: 0)
        var plain = DrawList(), outlined = DrawList()
        SceneRenderer().draw(pg, into: &plain)
        SceneRenderer(showsDebugOutlines: true).draw(pg, into: &outlined)
        let strokes = outlined.commands.filter { if case .stroke = $0 { return true } else { return false } }
        #expect(strokes.count == 2 * pg.visibleCells.count)
        #expect(outlined.commands.count == plain.commands.count + strokes.count)
    }
}

/// Album stacks at rest and in motion: no cover behind shows as a hard-edged sliver beside
/// the front one (see also AlbumsAtRestTests).
@Suite struct AlbumSliverTests {
    @Test func stripsBesideTheFrontCoverAreHiddenThenFadeInWithTheirWidth() {
        let front = Rect(x: 100, y: 100, width: 400, height: 400)
        let w = SceneRenderer.sliverWidth
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 98, y: 120, width: 2, height: 380), beside: front) == 0)
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 500, y: 120, width: 1, height: 380), beside: front) == 0)
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 500, y: 120, width: w * 1.5, height: 380), beside: front) == 0.5)
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 80, y: 120, width: 20, height: 380), beside: front) == 1, "a layer, not a sliver")
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 110, y: 90, width: 380, height: 10), beside: front) == 1, "above: the stack's rise")
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 110, y: 99, width: 380, height: 1), beside: front) == 1 / w)
    }

    /// Every drawn piece of a cover behind, in every frame of a drift across the row, is either
    /// wide enough to read as a layer or faded in proportion to how far it is past the sliver
    /// width; a column beside the front cover narrower than that is not drawn at all.
    @Test func noHardSliversWhileTheRowDrifts() {
        let pg = Playground(scene: .albums, viewportSize: Size(width: 1280, height: 800))
        let step = FrameStep(pg)
        step.drawer = { _, playground, list in SceneRenderer().draw(playground, into: &list) }
        let w = SceneRenderer.sliverWidth
        var fading = 0
        for frame in 0..<240 {
            step.run(at: Double(frame) / 60)
            for case let .image(.cover, cover, clip, opacity) in step.drawList.commands where clip != cover {
                let thickness = min(clip.width, clip.height)
                guard thickness < 2 * w else { continue }
                #expect(opacity > 0)
                if clip.height > clip.width {
                    #expect(thickness >= w - 1e-9, "frame \(frame): a \(thickness) pt column drawn")
                    #expect(opacity <= (thickness / w - 1) + 1e-9, "frame \(frame): a \(thickness) pt column at opacity \(opacity)")
                    fading += 1
                }
            }
        }
        #expect(fading > 0, "the drift made columns fading in to check")
    }
}
