/// A folder's photos' shapes arriving after they were listed (each stood in
/// `PhotoSet.provisionalAspectRatio`): the layout takes them without moving what the user
/// looks at (see `LayoutAnchor`).
extension Playground {
    /// Sets the shapes of photos already listed. While the list rests they apply at once,
    /// the list's offset moved so the anchor (the item under `pointer`, a point in the
    /// viewport, else the top row, or the end of a list at its end) stays where it was on
    /// screen; while it moves (a fling, an eased key or wheel scroll, a drag) they are held
    /// and applied when it rests, so no motion under way is redirected. True when the layout
    /// changed now.
    @discardableResult
    public func setPhotoShapes(_ shapes: [(photo: Int, aspectRatio: Double)], pointer: Point?) -> Bool {
        for shape in shapes where photos.count > shape.photo && shape.photo >= 0 {
            heldPhotoShapes[shape.photo] = shape.aspectRatio
        }
        return applyHeldPhotoShapes(pointer: pointer)
    }

    /// Applies the shapes held while the list moved, if it rests now. True when the layout changed.
    @discardableResult
    public func applyHeldPhotoShapes(pointer: Point?) -> Bool {
        guard !heldPhotoShapes.isEmpty, scrollView.phase == .idle else { return false }
        let held = heldPhotoShapes
        heldPhotoShapes.removeAll(keepingCapacity: true)
        let anchor = currentAnchor(pointer: pointer)
        var changed = false
        for (photo, ratio) in held where photos.setAspectRatio(ratio, ofPhoto: photo) { changed = true }
        guard changed else { return false }
        scene.photos = photos
        rebuildGeometry()
        collectionView.prepareLayout()
        let axis = scrollView.axis
        if let anchor, let offset = anchor.restoredOffset(frames: layout.frames, axis: axis, offsetRange: scrollView.offsetRange) {
            scrollView.keepRestingPosition(offset)
        }
        needsFullRefresh = true
        return true
    }

    /// Photos whose shapes are waiting for the list to rest.
    public var heldPhotoShapeCount: Int { heldPhotoShapes.count }

    /// What stays in place if the layout changes now; `pointer` is in viewport coordinates.
    public func currentAnchor(pointer: Point?) -> LayoutAnchor? {
        collectionView.prepareLayout()
        let bounds = scrollView.bounds
        return LayoutAnchor.capture(visible: layout.itemFrames(in: bounds), bounds: bounds, axis: scrollView.axis,
                                    offsetRange: scrollView.offsetRange,
                                    pointer: pointer.map { Point(x: $0.x + bounds.origin.x, y: $0.y + bounds.origin.y) })
    }
}
