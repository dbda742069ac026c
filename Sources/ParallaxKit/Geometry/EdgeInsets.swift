/// Distances inset from each edge of a rectangle, like UIKit's content insets.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// The inset before the content along `axis` (top or left).
    public func leading(_ axis: Axis) -> Double { axis == .vertical ? top : left }
    /// The inset after the content along `axis` (bottom or right).
    public func trailing(_ axis: Axis) -> Double { axis == .vertical ? bottom : right }
}
