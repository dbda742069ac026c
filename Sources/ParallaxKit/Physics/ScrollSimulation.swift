/// A motion of the scroll offset as a closed form of the time since it began.
///
/// The shape of Flutter's `Simulation` (`x(t)`, `dx(t)`, `isDone(t)`): any frame may ask
/// about any time, so the positions do not depend on the frame rate and no step is
/// integrated. `restPosition` is where the motion ends, known from the start (UIKit hands
/// the same number to `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`).
public protocol ScrollSimulation: Sendable {
    /// The offset `t` seconds after the start, points.
    func position(at t: Double) -> Double
    /// The rate of change of `position(at:)` at `t`, points per second.
    func velocity(at t: Double) -> Double
    /// Whether the motion has come to rest by `t`; from then on the offset is `restPosition`.
    func isDone(at t: Double) -> Bool
    /// Where the motion comes to rest.
    var restPosition: Double { get }
}
