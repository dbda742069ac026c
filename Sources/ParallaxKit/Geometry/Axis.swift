/// The direction a scroll view moves its content in.
public enum Axis: String, Hashable, Sendable, CaseIterable {
    case vertical
    case horizontal

    /// The other axis.
    public var cross: Axis { self == .vertical ? .horizontal : .vertical }
}
