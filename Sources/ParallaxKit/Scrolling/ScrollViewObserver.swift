/// Told once per frame in which a scroll view's offset changed (UIScrollViewDelegate's
/// `scrollViewDidScroll`).
public protocol ScrollViewObserver: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
}

/// Told when the visible rectangle of the content moved or changed size; a collection view
/// listens here to decide whether its layout must be invalidated.
public protocol ScrollViewBoundsObserver: AnyObject {
    func scrollViewBoundsDidChange(from oldBounds: Rect, to newBounds: Rect)
}

/// An observer held without keeping it alive, as UIKit holds delegates.
struct WeakObserver {
    weak var value: ScrollViewObserver?
    init(_ value: ScrollViewObserver) { self.value = value }
}
