/// A keyboard scrolling request, before it is turned into a target offset.
public enum ScrollCommand: Hashable, Sendable {
    /// One line towards the end (+1) or the start (−1).
    case line(Int)
    /// One page towards the end (+1) or the start (−1).
    case page(Int)
    case toStart
    case toEnd

    /// Points per line: Chromium scrolls ~40 px per wheel line and arrow key.
    public static let lineLength = 40.0
    /// A page is 87.5 % of the viewport so some context stays on screen (Chromium's
    /// `kMinFractionToStepWhenPaging`).
    public static let pageFraction = 0.875

    /// The keyboard command for a key on a list that scrolls along `axis`, if any.
    public init?(key: Key, modifiers: KeyModifiers, axis: Axis) {
        switch (key, axis) {
        case (.down, .vertical), (.right, .horizontal): self = .line(1)
        case (.up, .vertical), (.left, .horizontal): self = .line(-1)
        case (.pageDown, _): self = .page(1)
        case (.pageUp, _): self = .page(-1)
        case (.space, _): self = .page(modifiers.contains(.shift) ? -1 : 1)
        case (.home, _): self = .toStart
        case (.end, _): self = .toEnd
        default: return nil
        }
    }
}
